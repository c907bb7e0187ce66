/**
 * Course collections (the product's older way of grouping courses, kept for its clients).
 * A collection lists courses of its own organization; readers see the courses in it
 * that they may read.
 */
import type { Principal } from '../../core/auth/principal.ts';
import { type Action, allows } from '../../core/auth/rights.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { courseCaller, mayReadCourse } from '../courses/access.ts';
import { type CourseRow, findCoursesByIds } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { assertTokenInOrg, assertTokenRight, requireOrgRight } from '../roles/access.ts';
import * as queries from './queries.ts';

export interface CollectionInput {
  name?: string;
  public?: boolean;
  description?: string | null;
  courses?: number[];
}

/** Writes need the `collections` right (tokens: their `courses` bucket). */
async function requireWrite(
  db: Executor,
  principal: Principal,
  orgId: number,
  verb: 'create' | 'update' | 'delete',
) {
  const action = `action_${verb}` as Action;
  if (principal.kind === 'token') {
    assertTokenInOrg(principal, orgId);
    assertTokenRight(principal, 'courses', action);
    return;
  }
  await requireOrgRight(db, principal, orgId, 'collections', action);
}

async function validCourseIds(db: Executor, orgId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await findCoursesByIds(db, unique);
  for (const id of unique) {
    const course = found.find((c) => c.id === id);
    if (!course || course.org_id !== orgId)
      throw badRequest(`Course ${id} is not a course of this organization`);
  }
  return unique;
}

export async function createCollection(
  ctx: AppContext,
  principal: Principal,
  input: CollectionInput & { org_id: number },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, input.org_id);
    await requireWrite(trx, principal, input.org_id, 'create');
    const courseIds = await validCourseIds(trx, input.org_id, input.courses ?? []);
    const now = formatDateTime();
    const collection = await queries.insertCollection(trx, {
      collection_uuid: prefixedUuid('collection'),
      org_id: input.org_id,
      name: (input.name ?? '').trim(),
      description: input.description ?? null,
      public: input.public ?? false,
      creation_date: now,
      update_date: now,
    });
    await queries.replaceCourses(trx, collection.id, courseIds);
    await emit(trx, input.org_id, 'collection_created', {
      collection_uuid: collection.collection_uuid,
      name: collection.name,
    });
    return collection;
  });
}

async function getCollection(db: Executor, uuid: string) {
  const collection = await queries.findCollectionByUuid(db, uuid);
  if (!collection) throw notFound('Collection does not exist');
  return collection;
}

async function mayReadCollection(db: Executor, principal: Principal, collection: queries.CollectionRow) {
  if (collection.public) return true;
  const caller = await courseCaller(db, principal, collection.org_id);
  return caller.member || (principal.kind === 'token' && allows(principal.rights, 'courses', 'action_read'));
}

/** Collections with the courses in them the caller may read, in order. */
export async function withVisibleCourses(
  ctx: AppContext,
  principal: Principal,
  collections: queries.CollectionRow[],
) {
  const db = ctx.database.db;
  const links = await queries.listCourseIds(
    db,
    collections.map((c) => c.id),
  );
  const courses = new Map(
    (await findCoursesByIds(db, [...new Set(links.map((l) => l.course_id))])).map((c) => [c.id, c]),
  );
  const callers = new Map<number, Awaited<ReturnType<typeof courseCaller>>>();
  const result: { collection: queries.CollectionRow; courses: CourseRow[] }[] = [];
  for (const collection of collections) {
    const caller = callers.get(collection.org_id) ?? (await courseCaller(db, principal, collection.org_id));
    callers.set(collection.org_id, caller);
    const visible: CourseRow[] = [];
    for (const link of links.filter((l) => l.collection_id === collection.id)) {
      const course = courses.get(link.course_id);
      if (course && (await mayReadCourse(db, caller, course))) visible.push(course);
    }
    result.push({ collection, courses: visible });
  }
  return result;
}

export async function readCollection(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const collection = await getCollection(db, uuid);
  if (!(await mayReadCollection(db, principal, collection))) {
    if (principal.kind === 'anonymous') throw unauthorized();
    throw forbidden('You do not have access to this collection');
  }
  return (await withVisibleCourses(ctx, principal, [collection]))[0];
}

export async function listOrgCollections(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  const caller = await courseCaller(db, principal, orgId);
  const rows = await queries.listCollections(db, orgId, !caller.member, (page - 1) * limit, limit);
  return withVisibleCourses(ctx, principal, rows);
}

export async function updateCollection(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: CollectionInput,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const collection = await getCollection(trx, uuid);
    await requireWrite(trx, principal, collection.org_id, 'update');
    if (input.courses !== undefined) {
      await queries.replaceCourses(
        trx,
        collection.id,
        await validCourseIds(trx, collection.org_id, input.courses),
      );
    }
    return queries.updateCollection(trx, collection.id, {
      name: input.name?.trim() ?? collection.name,
      public: input.public ?? collection.public,
      description: input.description === undefined ? collection.description : input.description,
      update_date: formatDateTime(),
    });
  });
}

export async function deleteCollection(ctx: AppContext, principal: Principal, uuid: string) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const collection = await getCollection(trx, uuid);
    await requireWrite(trx, principal, collection.org_id, 'delete');
    await queries.deleteCollection(trx, collection.id);
  });
}
