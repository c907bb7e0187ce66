/** Course thumbnails: an image or a video streamed into the course's storage folder. */
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../core/context.ts';
import { joinKey } from '../../core/storage/object-keys.ts';
import { type ReceivedUpload, receiveUpload } from '../../core/uploads/receive-upload.ts';
import type { CourseThumbnail } from './service.ts';

export function courseThumbnailKey(orgUuid: string, courseUuid: string, storedName: string): string {
  return joinKey('orgs', orgUuid, 'courses', courseUuid, 'thumbnails', storedName);
}

/**
 * The file is read as soon as its part arrives (parts are a stream), into a staging
 * folder; `save` then places it under the course once the course exists.
 */
export async function courseThumbnailFrom(ctx: AppContext, part: MultipartFile): Promise<CourseThumbnail> {
  const received: ReceivedUpload = await receiveUpload(ctx, part, {
    accept: ['image', 'video'],
    suffix: 'thumbnail',
    keyFor: (storedName) => joinKey('staging', storedName),
  });
  return {
    kind: received.kind === 'video' ? 'video' : 'image',
    async save(orgUuid, courseUuid) {
      const target = courseThumbnailKey(orgUuid, courseUuid, received.storedName);
      const { stream } = await ctx.storage.get(received.key);
      await ctx.storage.put(target, stream, { contentType: received.mimeType });
      await ctx.storage.delete(received.key);
      return received.storedName;
    },
  };
}
