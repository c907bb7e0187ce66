/**
 * The content type served for a stored file, from its extension. Stored names always end
 * in an extension the server chose from the validated type (see uploads/file-kinds.ts),
 * so this table is the single answer to "what is this file" for every back end.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

export function contentTypeForExtension(extension: string): string {
  return CONTENT_TYPES[extension.toLowerCase()] ?? FALLBACK_CONTENT_TYPE;
}

export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? contentTypeForExtension(name.slice(dot + 1)) : FALLBACK_CONTENT_TYPE;
}
