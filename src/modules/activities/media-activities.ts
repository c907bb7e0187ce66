/**
 * Activities whose content the server builds: external videos (YouTube, Vimeo) and,
 * with an upload, hosted videos and PDFs. All start unpublished whatever the payload says.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, invalid, unsupportedMediaType } from '../../core/errors/http-errors.ts';
import { readMultipartForm } from '../../core/http/multipart-form.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import type { FileKind } from '../../core/uploads/file-kinds.ts';
import { uploadSlot } from '../../core/uploads/upload-into.ts';
import { getChapterOr404 } from '../chapters/service.ts';
import { requireCourseEdit } from '../courses/access.ts';
import { getCourseByIdOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { isPlayerUrl, normalizeVideoDetails } from './content/content-rules.ts';
import type { ActivitySubType, ActivityType } from './content/types.ts';
import { activityFolder, insertActivityInChapter } from './service.ts';

/** `details` arrives as a JSON-encoded string on these endpoints. */
export function parseVideoDetails(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid(['body', 'details'], 'details must be a JSON-encoded object', raw, 'json_invalid');
  }
  return normalizeVideoDetails(parsed, ['body', 'details']);
}

export function parseChapterId(raw: string | number): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw invalid(['body', 'chapter_id'], 'chapter_id must be a number', raw, 'int_parsing');
  return id;
}

export async function createExternalVideo(
  ctx: AppContext,
  principal: Principal,
  input: {
    name: string;
    uri: string;
    type: 'youtube' | 'vimeo';
    chapter_id: string | number;
    details?: string;
    extra_metadata?: Record<string, unknown> | null;
  },
) {
  if (!isPlayerUrl(input.uri, input.type)) {
    throw invalid(
      ['body', 'uri'],
      `uri must be a ${input.type === 'youtube' ? 'YouTube' : 'Vimeo'} URL`,
      input.uri,
      'url_parsing',
    );
  }
  const details = parseVideoDetails(input.details);
  const chapterId = parseChapterId(input.chapter_id);
  return ctx.database.db.transaction().execute((trx) =>
    insertActivityInChapter(
      trx,
      principal,
      chapterId,
      {
        name: input.name,
        activityType: 'TYPE_VIDEO',
        // The product files every external player under the YouTube sub-type (spec §2.3).
        activitySubType: 'SUBTYPE_VIDEO_YOUTUBE',
        content: {},
        details,
        published: false,
        lockType: 'public',
        extraMetadata: input.extra_metadata ?? null,
      },
      async (activityUuid) => ({ uri: input.uri, type: input.type, activity_uuid: activityUuid }),
    ),
  );
}

const WRONG_FORMAT = {
  video: 'Video : Wrong video format',
  pdf: 'Pdf : Wrong pdf format',
};
const NO_FILE = {
  video: 'Video : No video file provided',
  pdf: 'Pdf : No pdf file provided',
};

export const UploadedActivityForm = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  chapter_id: Type.String({ pattern: '^[0-9]+$' }),
  details: Type.Optional(Type.String({ maxLength: 10000 })),
  extra_metadata: Type.Optional(Type.String({ maxLength: 20000 })),
});

interface UploadedKind {
  kind: 'video' | 'pdf';
  fileField: 'video_file' | 'pdf_file';
  declared: string[];
  accept: FileKind[];
  folder: string;
  suffix: string;
  activityType: ActivityType;
  activitySubType: ActivitySubType;
}

export const HOSTED_VIDEO: UploadedKind = {
  kind: 'video',
  fileField: 'video_file',
  declared: ['video/mp4', 'video/webm'],
  accept: ['video'],
  folder: 'video',
  suffix: 'video',
  activityType: 'TYPE_VIDEO',
  activitySubType: 'SUBTYPE_VIDEO_HOSTED',
};

export const PDF_DOCUMENT: UploadedKind = {
  kind: 'pdf',
  fileField: 'pdf_file',
  declared: ['application/pdf'],
  accept: ['document'],
  folder: 'documentpdf',
  suffix: 'documentpdf',
  activityType: 'TYPE_DOCUMENT',
  activitySubType: 'SUBTYPE_DOCUMENT_PDF',
};

/**
 * `POST /activities/video` and `/activities/documentpdf`: the declared content type must be
 * right (the spec's error texts), the bytes must be that format, the activity starts
 * unpublished, and its content is built here: `{filename, activity_uuid}`.
 */
export async function createUploadedActivity(ctx: AppContext, request: FastifyRequest, kind: UploadedKind) {
  const db = ctx.database.db;
  const slot = uploadSlot(ctx, {
    accept: kind.accept,
    suffix: kind.suffix,
    checkDeclared: (part) => {
      if (!kind.declared.includes(part.mimetype)) throw unsupportedMediaType(WRONG_FORMAT[kind.kind]);
    },
    async resolve(fields) {
      if (fields.chapter_id === undefined) return undefined;
      const chapter = await getChapterOr404(db, parseChapterId(fields.chapter_id));
      const course = await getCourseByIdOr404(db, chapter.course_id);
      await requireCourseEdit(db, request.principal, course, 'create');
      const org = await getOrgOr404(db, course.org_id);
      const activityUuid = prefixedUuid('activity');
      return {
        folder: childKey(activityFolder(org.org_uuid, course.course_uuid, activityUuid), kind.folder),
        value: { activityUuid },
      };
    },
  });
  const form = await readMultipartForm(request, UploadedActivityForm, { [kind.fileField]: slot.handler });
  const pending = form.files[kind.fileField];
  if (!pending) throw badRequest(NO_FILE[kind.kind]);
  const { target, file } = await slot.finish(pending, form.fields);
  try {
    // Checked once the file is placed, so that a refusal here removes it like any other.
    const details = kind.kind === 'video' ? parseVideoDetails(form.fields.details) : null;
    const extraMetadata = parseJsonObject(form.fields.extra_metadata, 'extra_metadata');
    return await db.transaction().execute((trx) =>
      insertActivityInChapter(
        trx,
        request.principal,
        parseChapterId(form.fields.chapter_id),
        {
          name: form.fields.name,
          activityType: kind.activityType,
          activitySubType: kind.activitySubType,
          content: {},
          details,
          published: false,
          lockType: 'public',
          extraMetadata,
        },
        async (activityUuid) => ({ filename: file.storedName, activity_uuid: activityUuid }),
        target.value.activityUuid,
      ),
    );
  } catch (error) {
    await ctx.storage.delete(file.key).catch(() => {});
    throw error;
  }
}

function parseJsonObject(raw: string | undefined, field: string): Record<string, unknown> | null {
  if (raw === undefined || raw.trim() === '') return null;
  try {
    const value = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  throw invalid(['body', field], `${field} must be a JSON-encoded object`, raw, 'dict_type');
}
