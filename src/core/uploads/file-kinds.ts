/**
 * What may be uploaded: kinds of file (image, video, …), the formats each kind accepts,
 * the signature each format's content must carry, and the size limit (from config) of
 * each kind. Callers name the kinds an endpoint accepts; the client's file extension
 * picks the format, and the stored file's extension comes from that format, never from
 * the client's name.
 */
import type { Limits } from '../config.ts';
import { contentTypeForExtension } from '../storage/content-types.ts';
import type { Signature } from './sniff.ts';

export type FileKind = 'image' | 'video' | 'videoBlock' | 'document' | 'audio' | 'office' | 'archive';

export interface FileFormat {
  /** Lower-case extensions, without the dot, that a client's file name may end in. */
  readonly extensions: readonly string[];
  /** Extension of the stored file; it also decides the content type the file is served with. */
  readonly storedExtension: string;
  readonly signature: Signature;
}

const format = (signature: Signature, storedExtension: string, ...extensions: string[]): FileFormat => ({
  signature,
  storedExtension,
  extensions: [storedExtension, ...extensions],
});

const JPEG = format('jpeg', 'jpg', 'jpeg');
const PNG = format('png', 'png');
const GIF = format('gif', 'gif');
const WEBP = format('webp', 'webp');
const MP4 = format('isobmff', 'mp4');
const WEBM = format('ebml', 'webm');
// Stored as .ogv (video/ogg) so that it is served as video, unlike .ogg audio.
const OGG_VIDEO: FileFormat = { signature: 'ogg', storedExtension: 'ogv', extensions: ['ogg', 'ogv'] };
const PDF = format('pdf', 'pdf');
const MP3 = format('mp3', 'mp3');
const WAV = format('wav', 'wav');
const OGG_AUDIO = format('ogg', 'ogg');
const M4A = format('isobmff', 'm4a');
// Office Open XML files are zip packages; only the zip container can be checked up front.
const DOCX = format('zip', 'docx');
const XLSX = format('zip', 'xlsx');
const PPTX = format('zip', 'pptx');
const ZIP = format('zip', 'zip');

interface KindDefinition {
  readonly formats: readonly FileFormat[];
  readonly maxBytes: (limits: Limits) => number;
}

export const FILE_KINDS: Readonly<Record<FileKind, KindDefinition>> = {
  image: { formats: [JPEG, PNG, GIF, WEBP], maxBytes: (limits) => limits.imageUploadBytes },
  video: { formats: [MP4, WEBM], maxBytes: (limits) => limits.videoUploadBytes },
  /** Video blocks in the page editor also take Ogg video. */
  videoBlock: { formats: [MP4, WEBM, OGG_VIDEO], maxBytes: (limits) => limits.videoUploadBytes },
  document: { formats: [PDF], maxBytes: (limits) => limits.documentUploadBytes },
  audio: { formats: [MP3, WAV, OGG_AUDIO, M4A], maxBytes: (limits) => limits.audioUploadBytes },
  office: { formats: [DOCX, XLSX, PPTX], maxBytes: (limits) => limits.documentUploadBytes },
  archive: { formats: [ZIP], maxBytes: (limits) => limits.archiveUploadBytes },
};

export interface AcceptedFormat {
  kind: FileKind;
  format: FileFormat;
  /** The canonical content type of the stored file. */
  mimeType: string;
  maxBytes: number;
}

/** The lower-cased extension of a client file name, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The format that `extension` selects among the accepted kinds; the first kind listed wins. */
export function acceptedFormat(
  accept: readonly FileKind[],
  extension: string,
  limits: Limits,
): AcceptedFormat | undefined {
  for (const kind of accept) {
    const definition = FILE_KINDS[kind];
    const found = definition.formats.find((candidate) => candidate.extensions.includes(extension));
    if (found) {
      return {
        kind,
        format: found,
        mimeType: contentTypeForExtension(found.storedExtension),
        maxBytes: definition.maxBytes(limits),
      };
    }
  }
  return undefined;
}

/** Every extension the accepted kinds allow, with its dot, in declaration order. */
export function allowedExtensions(accept: readonly FileKind[]): string[] {
  const extensions = accept.flatMap((kind) => FILE_KINDS[kind].formats.flatMap((found) => found.extensions));
  return [...new Set(extensions)].map((extension) => `.${extension}`);
}

/** The largest file any kind accepts: the multipart parser's outer bound. */
export function largestUploadBytes(limits: Limits): number {
  return Math.max(...Object.values(FILE_KINDS).map((definition) => definition.maxBytes(limits)));
}
