import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../../test/sample-files.ts';
import { type Signature, sniffSignature } from './sniff.ts';

describe('sniffSignature', () => {
  it.each<[keyof typeof SAMPLES, Signature | undefined]>([
    ['jpeg', 'jpeg'],
    ['png', 'png'],
    ['gif87', 'gif'],
    ['gif89', 'gif'],
    ['webp', 'webp'],
    ['mp4', 'isobmff'],
    ['m4v', 'isobmff'],
    ['m4a', 'isobmff'],
    ['webm', 'ebml'],
    ['ogg', 'ogg'],
    ['pdf', 'pdf'],
    ['mp3Id3', 'mp3'],
    ['mp3Frame', 'mp3'],
    ['mp3Mpeg2', 'mp3'],
    ['wav', 'wav'],
    ['zip', 'zip'],
    ['html', undefined],
    ['svg', undefined],
    ['exe', undefined],
  ])('%s → %s', (sample, expected) => {
    expect(sniffSignature(SAMPLES[sample])).toBe(expected);
  });

  it.each<[string, number[] | string]>([
    ['nothing', []],
    ['a truncated PNG signature', [0x89, 0x50, 0x4e, 0x47]],
    ['RIFF of another type (AVI)', 'RIFF\x00\x00\x00\x00AVI LIST'],
    ['RIFF too short to name its type', 'RIFF\x00\x00'],
    ['an ftyp box that claims fewer than 12 bytes', '\x00\x00\x00\x04ftypisom\x00\x00\x00\x00'],
    ['ftyp not at offset 4', '\x00\x00\x00\x00\x00ftypisom\x00\x00\x00'],
    ['an ADTS AAC header (layer 00), not MP3', [0xff, 0xf1, 0x50, 0x80]],
    ['a reserved MPEG version', [0xff, 0xeb, 0x90, 0x00]],
    ['an empty zip (end-of-directory record only)', 'PK\x05\x06\x00\x00\x00\x00'],
    ['a PDF marker not at the start', ' %PDF-1.4'],
    ['GIF of an unknown version', 'GIF90a'],
  ])('recognises nothing in %s', (_label, head) => {
    const bytes = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
    expect(sniffSignature(bytes)).toBeUndefined();
  });
});
