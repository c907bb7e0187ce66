import { describe, expect, it } from 'vitest';
import { HttpError } from '../../core/errors/http-errors.ts';
import { audioFormat } from './audio-files.ts';

describe('audioFormat', () => {
  it.each([
    ['episode.mp3', 'audio/mpeg', { extension: 'mp3', contentType: 'audio/mpeg' }],
    ['EPISODE.MP3', 'audio/mp3', { extension: 'mp3', contentType: 'audio/mpeg' }],
    ['talk.wav', 'audio/x-wav', { extension: 'wav', contentType: 'audio/wav' }],
    ['talk.ogg', 'audio/ogg; codecs=vorbis', { extension: 'ogg', contentType: 'audio/ogg' }],
    ['talk.m4a', 'audio/x-m4a', { extension: 'm4a', contentType: 'audio/mp4' }],
  ])('%s declared %s is accepted', (filename, declared, expected) => {
    expect(audioFormat(filename, declared)).toEqual(expected);
  });

  it.each([
    ['talk.flac', 'audio/flac', 'File type not allowed. Allowed: [mp3, wav, ogg, m4a]'],
    ['talk', 'audio/mpeg', 'File type not allowed. Allowed: [mp3, wav, ogg, m4a]'],
    ['talk.mp3.exe', 'audio/mpeg', 'File type not allowed. Allowed: [mp3, wav, ogg, m4a]'],
    ['talk.mp3', 'video/mp4', 'Audio : Wrong audio format'],
    ['talk.wav', 'audio/mpeg', 'Audio : Wrong audio format'],
  ])('%s declared %s is refused with 415', (filename, declared, message) => {
    try {
      audioFormat(filename, declared);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(415);
      expect((error as HttpError).detail).toBe(message);
    }
  });
});
