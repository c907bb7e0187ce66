import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  acceptedFormat,
  allowedExtensions,
  extensionOf,
  FILE_KINDS,
  largestUploadBytes,
} from './file-kinds.ts';

const limits = loadConfig({ MAX_IMAGE_UPLOAD_MB: '2', MAX_ARCHIVE_UPLOAD_MB: '9000' }).limits;
const MB = 1024 * 1024;

describe('extensionOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['.hidden.png', 'png'],
    ['no-extension', ''],
    ['dir.v2/file', ''],
    ['C:\\Users\\x\\clip.MP4', 'mp4'],
    ['trailing.', ''],
  ])('%s → %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});

describe('acceptedFormat', () => {
  it.each([
    [['image'], 'jpeg', 'image', 'jpg', 'image/jpeg', 2 * MB],
    [['image'], 'jpg', 'image', 'jpg', 'image/jpeg', 2 * MB],
    [['image'], 'webp', 'image', 'webp', 'image/webp', 2 * MB],
    [['video'], 'mp4', 'video', 'mp4', 'video/mp4', 5120 * MB],
    [['videoBlock'], 'ogg', 'videoBlock', 'ogv', 'video/ogg', 5120 * MB],
    [['audio'], 'ogg', 'audio', 'ogg', 'audio/ogg', 1024 * MB],
    [['audio', 'videoBlock'], 'ogg', 'audio', 'ogg', 'audio/ogg', 1024 * MB],
    [['audio'], 'm4a', 'audio', 'm4a', 'audio/mp4', 1024 * MB],
    [['audio'], 'mp3', 'audio', 'mp3', 'audio/mpeg', 1024 * MB],
    [['document'], 'pdf', 'document', 'pdf', 'application/pdf', 500 * MB],
    [
      ['office'],
      'xlsx',
      'office',
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      500 * MB,
    ],
    [['archive'], 'zip', 'archive', 'zip', 'application/zip', 9000 * MB],
  ] as const)('%j takes .%s as %s, stored as .%s (%s), up to %i bytes', (accept, extension, kind, stored, mime, max) => {
    expect(acceptedFormat(accept, extension, limits)).toMatchObject({
      kind,
      format: { storedExtension: stored },
      mimeType: mime,
      maxBytes: max,
    });
  });

  it.each([
    [['video'], 'ogg'],
    [['image'], 'svg'],
    [['image'], 'mp4'],
    [['document'], 'docx'],
    [['image', 'video'], 'exe'],
    [['audio'], ''],
  ] as const)('%j refuses .%s', (accept, extension) => {
    expect(acceptedFormat(accept, extension, limits)).toBeUndefined();
  });
});

describe('allowedExtensions', () => {
  it('lists the extensions of the accepted kinds once each, in order', () => {
    expect(allowedExtensions(['image'])).toEqual(['.jpg', '.jpeg', '.png', '.gif', '.webp']);
    expect(allowedExtensions(['audio', 'videoBlock'])).toEqual([
      '.mp3',
      '.wav',
      '.ogg',
      '.m4a',
      '.mp4',
      '.webm',
      '.ogv',
    ]);
  });

  it('never allows SVG, whatever the kinds', () => {
    expect(allowedExtensions(Object.keys(FILE_KINDS) as (keyof typeof FILE_KINDS)[])).not.toContain('.svg');
  });
});

describe('largestUploadBytes', () => {
  it('is the largest limit over all kinds', () => {
    expect(largestUploadBytes(limits)).toBe(9000 * MB);
    expect(largestUploadBytes(loadConfig({}).limits)).toBe(5120 * MB);
  });
});
