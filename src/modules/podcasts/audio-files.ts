/**
 * Episode audio in storage. Uploads go through the shared pipeline (extension, content
 * sniffing, size limit); in front of it, the content type the client declared must fit
 * the extension it claims, and files of deleted episodes leave storage after the commit.
 */
import type { AppContext } from '../../core/context.ts';
import { unsupportedMediaType } from '../../core/errors/http-errors.ts';
import { joinKey } from '../../core/storage/object-keys.ts';
import { extensionOf } from '../../core/uploads/file-kinds.ts';
import { type IncomingFile, type ReceivedUpload, receiveUpload } from '../../core/uploads/receive-upload.ts';

const DECLARED_TYPES: Record<string, readonly string[]> = {
  mp3: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  ogg: ['audio/ogg', 'application/ogg', 'audio/vorbis'],
  m4a: ['audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'],
};

/** 415 when an audio extension comes with a content type of something else. */
export function assertDeclaredAudioType(filename: string, declaredType: string): void {
  const allowed = DECLARED_TYPES[extensionOf(filename)];
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  if (allowed && !allowed.includes(declared)) throw unsupportedMediaType('Audio : Wrong audio format');
}

export function episodeAudioKey(orgUuid: string, podcastUuid: string, storedName: string): string {
  return joinKey('orgs', orgUuid, 'podcasts', podcastUuid, 'episodes', storedName);
}

export async function receiveEpisodeAudio(
  ctx: AppContext,
  file: IncomingFile,
  place: { orgUuid: string; podcastUuid: string },
): Promise<ReceivedUpload> {
  try {
    assertDeclaredAudioType(file.filename, file.mimetype);
  } catch (error) {
    file.file.resume();
    throw error;
  }
  return receiveUpload(ctx, file, {
    accept: ['audio'],
    suffix: 'audio',
    keyFor: (storedName) => episodeAudioKey(place.orgUuid, place.podcastUuid, storedName),
  });
}

/** Removes files whose rows are gone; a failure is logged, never surfaced (the rows are already deleted). */
export async function deleteStoredAudio(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (error) {
      ctx.logger.error({ err: error, key }, 'could not delete episode audio');
    }
  }
}
