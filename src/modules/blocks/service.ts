/**
 * Media blocks: files (image, video, PDF, audio) uploaded for a page's media nodes. Only
 * signed-in users who may edit the activity's course upload them (never API tokens).
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/http-errors.ts';
import { readMultipartForm } from '../../core/http/multipart-form.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import { formatDateTime } from '../../core/time.ts';
import type { FileKind } from '../../core/uploads/file-kinds.ts';
import { uploadSlot } from '../../core/uploads/upload-into.ts';
import { activityFolder, getActivityOr404, readActivity } from '../activities/service.ts';
import { requireCourseEdit } from '../courses/access.ts';
import { getCourseByIdOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import * as queries from './queries.ts';
import { BlockForm, type BlockRead } from './schemas.ts';
import type { BlockType } from './tables.ts';

export interface BlockKind {
  blockType: BlockType;
  accept: FileKind[];
  folder: string;
}

export const BLOCK_KINDS = {
  image: { blockType: 'BLOCK_IMAGE', accept: ['image'], folder: 'imageBlock' },
  video: { blockType: 'BLOCK_VIDEO', accept: ['videoBlock'], folder: 'videoBlock' },
  pdf: { blockType: 'BLOCK_DOCUMENT_PDF', accept: ['document'], folder: 'pdfBlock' },
  audio: { blockType: 'BLOCK_AUDIO', accept: ['audio'], folder: 'audioBlock' },
} as const satisfies Record<string, BlockKind>;

export function toBlockRead(block: queries.BlockRow): Static<typeof BlockRead> {
  return {
    id: block.id,
    block_uuid: block.block_uuid,
    block_type: block.block_type,
    content: JSON.parse(block.content),
    org_id: block.org_id,
    course_id: block.course_id,
    chapter_id: block.chapter_id,
    activity_id: block.activity_id,
    creation_date: block.creation_date,
    update_date: block.update_date,
  };
}

export async function uploadBlock(ctx: AppContext, request: FastifyRequest, kind: BlockKind) {
  requireSessionUser(request.principal, 'API tokens cannot use the blocks endpoints; sign in as a user');
  const db = ctx.database.db;
  const blockUuid = prefixedUuid('block');
  const slot = uploadSlot(ctx, {
    accept: kind.accept,
    // The stored name is <uuid4>_<block uuid>.<ext>; without the extension it is the file_id.
    suffix: blockUuid,
    async resolve(fields) {
      if (!fields.activity_uuid) return undefined;
      const activity = await getActivityOr404(db, fields.activity_uuid);
      const course = await getCourseByIdOr404(db, activity.course_id);
      await requireCourseEdit(db, request.principal, course);
      const org = await getOrgOr404(db, course.org_id);
      const activityRoot = activityFolder(org.org_uuid, course.course_uuid, activity.activity_uuid);
      return {
        folder: childKey(activityRoot, 'dynamic', 'blocks', kind.folder, blockUuid),
        value: { activity, course },
      };
    },
  });
  const form = await readMultipartForm(request, BlockForm, { file_object: slot.handler });
  const pending = form.files.file_object;
  if (!pending) throw badRequest('No file provided');
  const { target, file } = await slot.finish(pending, form.fields);
  const { activity, course } = target.value;
  const now = formatDateTime();
  try {
    return await queries.insertBlock(db, {
      block_uuid: blockUuid,
      block_type: kind.blockType,
      content: JSON.stringify({
        file_id: file.storedName.replace(/\.[^.]+$/, ''),
        file_format: file.extension,
        file_name: file.originalName,
        file_size: file.size,
        file_type: file.declaredMimeType,
        activity_uuid: activity.activity_uuid,
      }),
      storage_key: file.key,
      org_id: course.org_id,
      course_id: course.id,
      chapter_id: null,
      activity_id: activity.id,
      creation_date: now,
      update_date: now,
    });
  } catch (error) {
    await ctx.storage.delete(file.key).catch(() => {});
    throw error;
  }
}

export async function getBlock(ctx: AppContext, principal: Principal, blockUuid: string) {
  requireSessionUser(principal, 'API tokens cannot use the blocks endpoints; sign in as a user');
  const block = await queries.findBlockByUuid(ctx.database.db, blockUuid);
  if (!block) throw notFound('Block not found');
  const activity = await getActivityOr404(ctx.database.db, JSON.parse(block.content).activity_uuid);
  // A block is part of its activity's content: a lock that hides the content hides the block.
  const { locked } = await readActivity(ctx, principal, activity.activity_uuid);
  if (locked) throw forbidden('This content is locked');
  return block;
}

export { findBlockByUuid } from './queries.ts';
