/** Course thumbnails: an image or a video, placed in the course's storage folder. */
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../core/context.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import { receivePending } from '../../core/uploads/pending-upload.ts';
import { type CourseThumbnail, courseFolder } from './service.ts';

export async function courseThumbnailFrom(ctx: AppContext, part: MultipartFile): Promise<CourseThumbnail> {
  // The course does not exist yet while the form is read: the file waits in staging.
  const pending = await receivePending(ctx, part, { accept: ['image', 'video'], suffix: 'thumbnail' });
  return {
    kind: pending.received.kind === 'video' ? 'video' : 'image',
    async save(orgUuid, courseUuid) {
      const placed = await pending.place(childKey(courseFolder(orgUuid, courseUuid), 'thumbnails'));
      return placed.storedName;
    },
    discard: () => pending.discard(),
  };
}
