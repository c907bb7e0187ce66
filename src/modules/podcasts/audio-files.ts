/**
 * Which audio files an episode accepts: by extension (mp3, wav, ogg, m4a) and by the
 * content type the client declared for it, which must fit the extension. Content is not
 * sniffed here; the shared upload pipeline does that once episodes move onto it.
 */
import { unsupportedMediaType } from '../../core/errors/http-errors.ts';

const FORMATS: Record<string, { canonical: string; declared: string[] }> = {
  mp3: { canonical: 'audio/mpeg', declared: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'] },
  wav: { canonical: 'audio/wav', declared: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'] },
  ogg: { canonical: 'audio/ogg', declared: ['audio/ogg', 'application/ogg', 'audio/vorbis'] },
  m4a: { canonical: 'audio/mp4', declared: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'] },
};

export const AUDIO_EXTENSIONS = Object.keys(FORMATS);

export interface AudioFormat {
  extension: string;
  /** The content type the audio is stored and served with. */
  contentType: string;
}

/** The format of an uploaded audio file, or a 415 naming what is allowed. */
export function audioFormat(filename: string, declaredType: string): AudioFormat {
  const extension = /\.([^./\\]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  const format = FORMATS[extension];
  if (!format) {
    throw unsupportedMediaType(`File type not allowed. Allowed: [${AUDIO_EXTENSIONS.join(', ')}]`);
  }
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  if (!format.declared.includes(declared)) throw unsupportedMediaType('Audio : Wrong audio format');
  return { extension, contentType: format.canonical };
}
