import { describe, expect, it } from 'vitest';
import { HttpError } from '../../core/errors/http-errors.ts';
import { assertDeclaredAudioType } from './audio-files.ts';

describe('assertDeclaredAudioType', () => {
  it.each([
    ['episode.mp3', 'audio/mpeg'],
    ['EPISODE.MP3', 'audio/mp3'],
    ['talk.wav', 'audio/x-wav'],
    ['talk.ogg', 'audio/ogg; codecs=vorbis'],
    ['talk.m4a', 'audio/x-m4a'],
    // Other extensions are left to the upload pipeline, which names what it accepts.
    ['talk.flac', 'audio/flac'],
  ])('%s declared %s passes', (filename, declared) => {
    expect(() => assertDeclaredAudioType(filename, declared)).not.toThrow();
  });

  it.each([
    ['talk.mp3', 'video/mp4'],
    ['talk.wav', 'audio/mpeg'],
    ['talk.m4a', 'application/octet-stream'],
  ])('%s declared %s is refused with 415', (filename, declared) => {
    try {
      assertDeclaredAudioType(filename, declared);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(415);
      expect((error as HttpError).detail).toBe('Audio : Wrong audio format');
    }
  });
});
