/**
 * Courses: creation (the caller becomes CREATOR), reads under the visibility rules of
 * access.ts, partial updates (publishing fires `course_published` only on a change), the
 * org listing, and deletion of the whole tree.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { sharedWithinTurn } from '../../core/db/turn-shared-read.ts';
import { forbidden, invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { joinKey } from '../../core/storage/object-keys.ts';
import { formatDateTime } from '../../core/time.ts';
import { listActivityUuids } from '../activities/service.ts';
import { listAllChapterUuids } from '../chapters/service.ts';
import { removeResourceFromFolders } from '../folders/service.ts';
import { findOrgBySlug, getOrgOr404 } from '../orgs/service.ts';
import { indexCourse, removeCourse } from '../search/index-writer.ts';
import {
  deleteResourceLinks,
  resourcesLinkedInOrg,
  resourcesUnlockedForUser,
} from '../usergroups/service.ts';
import {
  type CourseCaller,
  courseCaller,
  mayEditCourse,
  mayManageAccess,
  requireCourseCreate,
  requireCourseEdit,
  requireCourseRead,
} from './access.ts';
import { OUTSIDE_READER, presentCourse } from './present.ts';
import * as queries from './queries.ts';
import type { CourseCreateForm, CourseUpdate } from './schemas.ts';

// Folders (and user groups) link to courses by uuid.
registerResourceType('course_', async (db, uuid) => {
  const course = await queries.findCourseByUuid(db, uuid);
  if (!course) return undefined;
  return {
    orgId: course.org_id,
    type: 'course',
    publiclyVisible: course.public && course.published,
    present: () => presentCourse(db, course, OUTSIDE_READER),
  };
});

export type { CourseRow } from './queries.ts';

export async function getCourseOr404(db: Executor, courseUuid: string) {
  const course = await queries.findCourseByUuid(db, courseUuid);
  if (!course) throw notFound('Course not found');
  return course;
}

/**
 * The course row for a read that changes nothing: the reads of one course that arrive in the
 * same event-loop turn share one query (a popular course tree is read by many at once), and
 * so one row object, which none of them may modify.
 */
const findCourseForRead = sharedWithinTurn(queries.findCourseByUuid);

export async function getCourseForReadOr404(db: Executor, courseUuid: string) {
  const course = await findCourseForRead(db, courseUuid);
  if (!course) throw notFound('Course not found');
  return course;
}

export async function getCourseByIdOr404(db: Executor, courseId: number) {
  const course = await queries.findCourseById(db, courseId);
  if (!course) throw notFound('Course not found');
  return course;
}

/** For resources that may link to a course by id: it must be one of the organization's (404 otherwise). */
export async function linkedCourseId(db: Executor, orgId: number, courseId: number | null | undefined) {
  if (courseId === undefined || courseId === null) return null;
  const course = await queries.findCourseById(db, courseId);
  if (course?.org_id !== orgId) throw notFound('Course not found');
  return course.id;
}

/** A JSON-encoded array of strings from the form, stored as that JSON text. */
function jsonStringList(raw: string | undefined, field: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(['body', field], `${field} must be a JSON-encoded array of strings`, raw, 'json_invalid');
  }
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalid(['body', field], `${field} must be a JSON-encoded array of strings`, raw, 'list_type');
  }
  return JSON.stringify(value);
}

function jsonObjectField(raw: string | undefined, field: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  try {
    const value = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return JSON.stringify(value);
  } catch {
    // reported below
  }
  throw invalid(['body', field], `${field} must be a JSON-encoded object`, raw, 'dict_type');
}

export interface CourseThumbnail {
  kind: 'image' | 'video';
  /** Stores the file for the new course and returns its file name. */
  save(orgUuid: string, courseUuid: string): Promise<string>;
  /** Drops the file when the course is not created. */
  discard(): Promise<void>;
}

export async function createCourse(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  form: Static<typeof CourseCreateForm>,
  thumbnail?: CourseThumbnail,
) {
  try {
    return await insertCourseWithThumbnail(ctx, principal, orgId, form, thumbnail);
  } catch (error) {
    await thumbnail?.discard().catch(() => {});
    throw error;
  }
}

async function insertCourseWithThumbnail(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  form: Static<typeof CourseCreateForm>,
  thumbnail?: CourseThumbnail,
) {
  const db = ctx.database.db;
  const org = await getOrgOr404(db, orgId);
  await requireCourseCreate(db, principal, orgId);
  const learnings = jsonStringList(form.learnings, 'learnings');
  const tags = jsonStringList(form.tags, 'tags');
  const extraMetadata = jsonObjectField(form.extra_metadata, 'extra_metadata');
  const thumbnailType = form.thumbnail_type ?? 'image';
  if (thumbnail && thumbnail.kind !== thumbnailType) {
    throw invalid(
      ['body', 'thumbnail'],
      `The thumbnail must be ${thumbnailType === 'image' ? 'an image' : 'a video'}`,
      null,
    );
  }
  const courseUuid = prefixedUuid('course');
  const thumbnailName = thumbnail ? await thumbnail.save(org.org_uuid, courseUuid) : '';
  const creatorId =
    principal.kind === 'token' ? principal.createdByUserId : principal.kind === 'user' ? principal.id : 0;
  return db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    const course = await queries.insertCourse(trx, {
      course_uuid: courseUuid,
      org_id: orgId,
      name: form.name.trim(),
      description: form.description,
      about: form.about,
      learnings,
      tags,
      thumbnail_type: thumbnailType,
      thumbnail_image: thumbnailType === 'image' ? thumbnailName : '',
      thumbnail_video: thumbnailType === 'video' ? thumbnailName : '',
      public: form.public,
      published: false,
      open_to_contributors: false,
      target_language: null,
      target_level: null,
      target_level_scale: null,
      seo: null,
      extra_metadata: extraMetadata,
      creation_date: now,
      update_date: now,
    });
    await queries.insertAuthor(trx, {
      course_id: course.id,
      user_id: creatorId,
      authorship: 'CREATOR',
      authorship_status: 'ACTIVE',
      creation_date: now,
      update_date: now,
    });
    await indexCourse(trx, course);
    await emit(trx, orgId, 'course_created', {
      course_uuid: course.course_uuid,
      name: course.name,
      org_id: orgId,
    });
    return course;
  });
}

export async function readCourse(ctx: AppContext, principal: Principal, courseUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  const caller = await requireCourseRead(db, principal, course);
  return { course, caller };
}

const nullableJson = (value: Record<string, unknown> | null | undefined, current: string | null) =>
  value === undefined ? current : value === null ? null : JSON.stringify(value);

export async function updateCourse(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  input: Static<typeof CourseUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    const caller = await requireCourseEdit(trx, principal, course);
    const changesAccess =
      (input.public !== undefined && input.public !== course.public) ||
      (input.open_to_contributors !== undefined &&
        input.open_to_contributors !== course.open_to_contributors);
    if (changesAccess && !(await mayManageAccess(trx, caller, course))) {
      throw forbidden(
        'Only the course creator, its maintainers or organization admins can change who may access it',
      );
    }
    const updated = await queries.updateCourse(trx, course.id, {
      name: input.name?.trim() ?? course.name,
      description: input.description === undefined ? course.description : input.description,
      about: input.about === undefined ? course.about : input.about,
      learnings: input.learnings === undefined ? course.learnings : input.learnings,
      tags: input.tags === undefined ? course.tags : input.tags,
      target_language: input.target_language === undefined ? course.target_language : input.target_language,
      target_level: input.target_level === undefined ? course.target_level : input.target_level,
      target_level_scale:
        input.target_level_scale === undefined ? course.target_level_scale : input.target_level_scale,
      thumbnail_type: input.thumbnail_type === undefined ? course.thumbnail_type : input.thumbnail_type,
      thumbnail_image: input.thumbnail_image === undefined ? course.thumbnail_image : input.thumbnail_image,
      thumbnail_video: input.thumbnail_video === undefined ? course.thumbnail_video : input.thumbnail_video,
      public: input.public ?? course.public,
      published: input.published ?? course.published,
      open_to_contributors: input.open_to_contributors ?? course.open_to_contributors,
      seo: nullableJson(input.seo, course.seo),
      extra_metadata: nullableJson(input.extra_metadata, course.extra_metadata),
      update_date: formatDateTime(),
    });
    await indexCourse(trx, updated);
    if (input.published !== undefined && input.published !== course.published) {
      await emit(trx, course.org_id, 'course_published', {
        course_uuid: course.course_uuid,
        name: updated.name,
        published: updated.published,
      });
    }
    return updated;
  });
}

export async function deleteCourse(ctx: AppContext, principal: Principal, courseUuid: string): Promise<void> {
  const { course, orgUuid } = await ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseOr404(trx, courseUuid);
    await requireCourseEdit(trx, principal, course, 'delete');
    const org = await getOrgOr404(trx, course.org_id);
    const chapterUuids = await listAllChapterUuids(trx, course.id);
    const activityUuids = await listActivityUuids(trx, course.id);
    await deleteResourceLinks(trx, [course.course_uuid, ...chapterUuids, ...activityUuids]);
    await queries.deleteCourse(trx, course.id);
    await removeCourse(trx, course.id);
    await removeResourceFromFolders(trx, course.course_uuid);
    await emit(trx, course.org_id, 'course_deleted', { course_uuid: course.course_uuid, name: course.name });
    return { course, orgUuid: org.org_uuid };
  });
  // Files go after the rows: a failure here leaves orphaned files, never a course without its files.
  try {
    await ctx.storage.deletePrefix(courseFolder(orgUuid, course.course_uuid));
  } catch (error) {
    ctx.logger.error(
      { err: error, course: course.course_uuid },
      'could not delete the files of a deleted course',
    );
  }
}

/** Where a course's files live in storage (thumbnails, activity uploads, blocks). */
export function courseFolder(orgUuid: string, courseUuid: string): string {
  return joinKey('orgs', orgUuid, 'courses', courseUuid);
}

/** The org's course listing (newest first), filtered by what the caller may see. */
export async function listOrgCourses(
  ctx: AppContext,
  principal: Principal,
  orgSlug: string,
  page: number,
  limit: number,
  includeUnpublished: boolean,
) {
  const db = ctx.database.db;
  const org = await findOrgBySlug(db, orgSlug);
  if (!org) return [];
  const caller = await courseCaller(db, principal, org.id);
  const seesAll = includeUnpublished && caller.admin;
  return queries.listCourses(
    db,
    {
      orgId: org.id,
      all: seesAll,
      member: caller.member,
      hiddenFromMember: caller.member ? await coursesLockedForMember(db, caller, org.id) : [],
      authorUserId: principal.kind === 'user' ? principal.id : undefined,
    },
    (page - 1) * limit,
    Math.min(limit, 100),
  );
}

/**
 * Private courses linked to user groups are for those groups only (as mayReadCourse
 * decides for one course): the ones the caller's groups do not unlock.
 */
async function coursesLockedForMember(db: Executor, caller: CourseCaller, orgId: number) {
  if (caller.admin || caller.principal.kind !== 'user') return [];
  const linked = await resourcesLinkedInOrg(db, orgId, 'course_');
  const unlocked = new Set(await resourcesUnlockedForUser(db, caller.principal.id, linked));
  return linked.filter((uuid) => !unlocked.has(uuid));
}

/** Whether the caller may edit the course (used by readers to decide what else to show). */
export async function callerMayEdit(db: Executor, principal: Principal, course: queries.CourseRow) {
  return mayEditCourse(db, await courseCaller(db, principal, course.org_id), course);
}

export { findCourseById, findCourseByUuid, findCoursesByIds } from './queries.ts';
