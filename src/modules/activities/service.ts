/**
 * Activities: creation inside a chapter, reads with locks, partial updates with
 * immutable type/sub-type, content validated per sub-type, and version snapshots
 * (every content change keeps the previous content as a numbered version).
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { conflict, invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  findActivityLink,
  getChapterOr404,
  linkActivity,
  nextActivityPosition,
  treeViewFor,
} from '../chapters/service.ts';
import { requireCourseEdit, requireCourseRead } from '../courses/access.ts';
import { type CourseRow, courseFolder, getCourseByIdOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { deleteResourceLinks } from '../usergroups/service.ts';
import { assertCreatable, normalizeContent, normalizeVideoDetails } from './content/content-rules.ts';
import type { ActivitySubType, ActivityType } from './content/types.ts';
import * as queries from './queries.ts';
import type { ActivityCreate, ActivityUpdate } from './schemas.ts';

export type { ActivityRow } from './queries.ts';
export {
  findActivitiesByIds,
  findActivityById,
  findActivityByUuid,
  listActivityUuids,
  listCourseActivitiesSlim,
  publishedActivityIds,
} from './queries.ts';

/** Snapshots kept per activity. */
const MAX_VERSIONS = 20;
/** Sub-types whose content the server builds from an upload; clients cannot rewrite it. */
const SERVER_BUILT: readonly string[] = ['SUBTYPE_VIDEO_HOSTED', 'SUBTYPE_DOCUMENT_PDF'];

export async function getActivityOr404(db: Executor, activityUuid: string) {
  const activity = await queries.findActivityByUuid(db, activityUuid);
  if (!activity) throw notFound('Activity not found');
  return activity;
}

function actorId(principal: Principal): number | null {
  if (principal.kind === 'user') return principal.id;
  if (principal.kind === 'token') return principal.createdByUserId;
  return null;
}

export interface NewActivity {
  name: string;
  activityType: ActivityType;
  activitySubType: ActivitySubType;
  content: Record<string, unknown>;
  details: Record<string, unknown> | null;
  published: boolean;
  lockType: 'public' | 'authenticated' | 'restricted';
  extraMetadata: Record<string, unknown> | null;
}

/**
 * Inserts an activity at the end of a chapter, in the caller's transaction. `buildContent`
 * may use the new activity's uuid (server-built content such as uploads).
 */
export async function insertActivityInChapter(
  trx: Executor,
  principal: Principal,
  chapterId: number,
  activity: NewActivity,
  buildContent?: (activityUuid: string, course: CourseRow) => Promise<Record<string, unknown>>,
  activityUuid = prefixedUuid('activity'),
) {
  const chapter = await getChapterOr404(trx, chapterId);
  const course = await getCourseByIdOr404(trx, chapter.course_id);
  await requireCourseEdit(trx, principal, course, 'create');
  const content = buildContent ? await buildContent(activityUuid, course) : activity.content;
  const now = formatDateTime();
  const row = await queries.insertActivity(trx, {
    activity_uuid: activityUuid,
    org_id: course.org_id,
    course_id: course.id,
    name: activity.name.trim(),
    activity_type: activity.activityType,
    activity_sub_type: activity.activitySubType,
    content: JSON.stringify(content),
    details: activity.details ? JSON.stringify(activity.details) : null,
    published: activity.published,
    lock_type: activity.lockType,
    extra_metadata: activity.extraMetadata ? JSON.stringify(activity.extraMetadata) : null,
    current_version: 1,
    revision: 1,
    published_version: null,
    last_modified_by_id: actorId(principal),
    creation_date: now,
    update_date: now,
  });
  await linkActivity(trx, row.id, chapter.id, course.id, await nextActivityPosition(trx, chapter.id));
  return { activity: row, chapterId: chapter.id, course };
}

export async function createActivity(
  ctx: AppContext,
  principal: Principal,
  input: Static<typeof ActivityCreate>,
) {
  const type = input.activity_type ?? 'TYPE_CUSTOM';
  const subType = input.activity_sub_type ?? 'SUBTYPE_CUSTOM';
  assertCreatable(type, subType, ['body']);
  // A PDF shell may be created here, but its file reference only ever comes from an upload.
  if (SERVER_BUILT.includes(subType) && Object.keys(input.content ?? {}).length > 0) {
    throw invalid(
      ['body', 'content'],
      'This content is built by the server from the uploaded file (POST /activities/documentpdf)',
      input.content,
    );
  }
  const { content, unknownNodeTypes } = normalizeContent(subType, input.content ?? {}, ['body', 'content']);
  if (unknownNodeTypes.length > 0)
    ctx.logger.info({ unknownNodeTypes }, 'activity content uses unknown node types');
  const details =
    type === 'TYPE_VIDEO'
      ? normalizeVideoDetails(input.details, ['body', 'details'])
      : (input.details ?? null);
  return ctx.database.db.transaction().execute((trx) =>
    insertActivityInChapter(trx, principal, input.chapter_id, {
      name: input.name,
      activityType: type,
      activitySubType: subType,
      content,
      details,
      published: input.published ?? false,
      lockType: input.lock_type ?? 'public',
      extraMetadata: input.extra_metadata ?? null,
    }),
  );
}

/**
 * Where a caller who may read the course stands with one of its activities: `hidden` when it
 * is a draft or unlinked from the course tree and they may not edit the course; `locked` when
 * its lock or its chapter's lock keeps them out.
 */
export async function readerAccess(
  db: Executor,
  principal: Principal,
  activity: queries.ActivityRow,
  course: CourseRow,
) {
  const caller = await requireCourseRead(db, principal, course);
  const link = await findActivityLink(db, activity.id);
  const chapter = link ? await getChapterOr404(db, link.chapter_id) : undefined;
  const view = await treeViewFor(db, caller, course, [
    activity.activity_uuid,
    ...(chapter ? [chapter.chapter_uuid] : []),
  ]);
  const hidden = (!activity.published || !link) && !view.canEdit;
  const chapterLocked = chapter ? view.locks.locked(chapter.lock_type, chapter.chapter_uuid) : false;
  const locked = view.locks.locked(activity.lock_type, activity.activity_uuid, chapterLocked);
  return { hidden, locked, chapterId: link?.chapter_id ?? null, canEdit: view.canEdit };
}

/** One activity for a reader: drafts only for editors (404 otherwise), locks applied. */
export async function readActivity(ctx: AppContext, principal: Principal, activityUuid: string) {
  const db = ctx.database.db;
  const activity = await getActivityOr404(db, activityUuid);
  const course = await getCourseByIdOr404(db, activity.course_id);
  const { hidden, locked, chapterId, canEdit } = await readerAccess(db, principal, activity, course);
  if (hidden) throw notFound('Activity not found');
  return { activity, chapterId, locked, course, canEdit };
}

async function snapshot(trx: Executor, principal: Principal, activity: queries.ActivityRow): Promise<number> {
  await queries.insertVersion(trx, {
    activity_id: activity.id,
    org_id: activity.org_id,
    version_number: activity.current_version,
    content: activity.content,
    created_by_id: actorId(principal),
    created_at: formatDateTime(),
  });
  await queries.pruneVersions(trx, activity.id, MAX_VERSIONS);
  await emit(trx, activity.org_id, 'activity_version_created', {
    activity_id: activity.id,
    version_number: activity.current_version,
    created_by_id: actorId(principal) ?? 0,
  });
  return activity.current_version + 1;
}

export async function updateActivity(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
  input: Static<typeof ActivityUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const activity = await getActivityOr404(trx, activityUuid);
    await requireCourseEdit(trx, principal, await getCourseByIdOr404(trx, activity.course_id));
    if (input.activity_type !== undefined && input.activity_type !== activity.activity_type) {
      throw invalid(
        ['body', 'activity_type'],
        'activity_type cannot be changed after creation',
        input.activity_type,
      );
    }
    if (input.activity_sub_type !== undefined && input.activity_sub_type !== activity.activity_sub_type) {
      throw invalid(
        ['body', 'activity_sub_type'],
        'activity_sub_type cannot be changed after creation',
        input.activity_sub_type,
      );
    }
    if (input.version !== undefined && input.version !== activity.current_version) {
      throw conflict(
        `The activity changed since you loaded it (it is at version ${activity.current_version}, you edited version ${input.version})`,
      );
    }
    const subType = activity.activity_sub_type as ActivitySubType;
    let version = activity.current_version;
    let content = activity.content;
    if (input.content !== undefined) {
      if (SERVER_BUILT.includes(subType) && JSON.stringify(input.content) !== activity.content) {
        throw invalid(
          ['body', 'content'],
          'This content is built by the server from the uploaded file',
          input.content,
        );
      }
      const normalized = normalizeContent(subType, input.content, ['body', 'content']);
      if (normalized.unknownNodeTypes.length > 0) {
        ctx.logger.info(
          { unknownNodeTypes: normalized.unknownNodeTypes, activityUuid },
          'unknown node types kept',
        );
      }
      if (activity.content !== '{}') version = await snapshot(trx, principal, activity);
      content = JSON.stringify(normalized.content);
    }
    const publishedVersion =
      input.published_version === undefined ? activity.published_version : input.published_version;
    if (publishedVersion !== null && publishedVersion > version) {
      throw invalid(
        ['body', 'published_version'],
        `published_version cannot be after the current version (${version})`,
        publishedVersion,
      );
    }
    let details = activity.details;
    // An explicit null clears the details, as every field sent is applied.
    if (input.details === null) details = null;
    else if (input.details !== undefined) {
      const normalizedDetails =
        activity.activity_type === 'TYPE_VIDEO'
          ? normalizeVideoDetails(input.details, ['body', 'details'])
          : input.details;
      details = JSON.stringify(normalizedDetails);
    }
    return queries.updateActivity(trx, activity.id, {
      name: input.name?.trim() ?? activity.name,
      content,
      details,
      published: input.published ?? activity.published,
      lock_type: input.lock_type ?? activity.lock_type,
      extra_metadata:
        input.extra_metadata === undefined
          ? activity.extra_metadata
          : input.extra_metadata === null
            ? null
            : JSON.stringify(input.extra_metadata),
      current_version: version,
      published_version: publishedVersion,
      last_modified_by_id: actorId(principal),
      update_date: formatDateTime(),
    });
  });
}

export async function deleteActivity(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
): Promise<void> {
  const { activity, course } = await ctx.database.db.transaction().execute(async (trx) => {
    const activity = await getActivityOr404(trx, activityUuid);
    const course = await getCourseByIdOr404(trx, activity.course_id);
    await requireCourseEdit(trx, principal, course, 'delete');
    await deleteResourceLinks(trx, [activity.activity_uuid]);
    await queries.deleteActivity(trx, activity.id);
    return { activity, course };
  });
  try {
    const org = await getOrgOr404(ctx.database.db, course.org_id);
    await ctx.storage.deletePrefix(activityFolder(org.org_uuid, course.course_uuid, activity.activity_uuid));
  } catch (error) {
    ctx.logger.error(
      { err: error, activity: activity.activity_uuid },
      'could not delete the files of a deleted activity',
    );
  }
}

/** Where an activity's files live in storage (uploads, blocks). */
export function activityFolder(orgUuid: string, courseUuid: string, activityUuid: string): string {
  return childKey(courseFolder(orgUuid, courseUuid), 'activities', activityUuid);
}

async function editableActivity(db: Executor, principal: Principal, activityUuid: string) {
  const activity = await getActivityOr404(db, activityUuid);
  await requireCourseEdit(db, principal, await getCourseByIdOr404(db, activity.course_id));
  return activity;
}

/** Snapshots, newest first. Editors only: a snapshot may hold content a lock hides. */
export async function listVersions(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
  offset: number,
  limit: number,
) {
  const db = ctx.database.db;
  const activity = await editableActivity(db, principal, activityUuid);
  return queries.listVersions(db, activity.id, offset, limit);
}

export async function getVersion(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
  versionNumber: number,
) {
  const db = ctx.database.db;
  const activity = await editableActivity(db, principal, activityUuid);
  const version = await queries.findVersion(db, activity.id, versionNumber);
  if (!version) throw notFound('Version not found');
  return version;
}

/** Restores a snapshot: the current content is snapshotted first, so nothing is lost. */
export async function restoreVersion(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
  versionNumber: number,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const activity = await editableActivity(trx, principal, activityUuid);
    const version = await queries.findVersion(trx, activity.id, versionNumber);
    if (!version) throw notFound('Version not found');
    const newVersion = await snapshot(trx, principal, activity);
    const restored = await queries.updateActivity(trx, activity.id, {
      content: version.content,
      current_version: newVersion,
      last_modified_by_id: actorId(principal),
      update_date: formatDateTime(),
    });
    await emit(trx, activity.org_id, 'activity_version_restored', {
      activity_uuid: activity.activity_uuid,
      restored_version_number: versionNumber,
      new_version_number: newVersion,
    });
    return restored;
  });
}
