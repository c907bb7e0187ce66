/**
 * How other modules keep the search index in step with their rows: call these with the
 * transaction that writes the row, so the index never disagrees with committed data.
 * (Per-dialect full-text structures follow `search_documents` by themselves.)
 */
import type { Executor } from '../../core/events/emit.ts';
import type { SearchResourceType } from './tables.ts';

export interface SearchDocument {
  /** null for users (searched through their memberships). */
  org_id: number | null;
  resource_type: SearchResourceType;
  resource_id: number;
  /** The name; matches here rank first. */
  title: string;
  /** Descriptions and other searchable text, joined. */
  body: string;
}

/** Adds or replaces the document of one resource. */
export async function indexDocument(db: Executor, document: SearchDocument): Promise<void> {
  await db
    .insertInto('search_documents')
    .values(document)
    .onConflict((conflict) =>
      conflict.columns(['resource_type', 'resource_id']).doUpdateSet({
        org_id: document.org_id,
        title: document.title,
        body: document.body,
      }),
    )
    .execute();
}

/** Adds many new documents at once (bulk loads; the resources must not be indexed yet). */
export async function indexNewDocuments(db: Executor, documents: SearchDocument[]): Promise<void> {
  if (documents.length > 0) await db.insertInto('search_documents').values(documents).execute();
}

export async function removeDocument(
  db: Executor,
  resourceType: SearchResourceType,
  resourceId: number,
): Promise<void> {
  await removeDocuments(db, resourceType, [resourceId]);
}

export async function removeDocuments(
  db: Executor,
  resourceType: SearchResourceType,
  resourceIds: number[],
): Promise<void> {
  if (resourceIds.length === 0) return;
  await db
    .deleteFrom('search_documents')
    .where('resource_type', '=', resourceType)
    .where('resource_id', 'in', resourceIds)
    .execute();
}

/** Joins optional pieces of text into one searchable body. */
export function searchText(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(' ');
}

/** Users are found by username, first and last name (never by e-mail). */
export function userDocument(user: {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}): SearchDocument {
  return {
    org_id: null,
    resource_type: 'user',
    resource_id: user.id,
    title: searchText(user.username, user.first_name, user.last_name),
    body: '',
  };
}

export function indexUser(db: Executor, user: Parameters<typeof userDocument>[0]): Promise<void> {
  return indexDocument(db, userDocument(user));
}

/** JSON-encoded string lists (course tags, learnings) contribute their words, not their quotes. */
function listText(value: string | null): string | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.filter((item) => typeof item === 'string').join(' ');
  } catch {
    // Plain text: index it as it is.
  }
  return value;
}

export interface IndexableCourse {
  id: number;
  org_id: number;
  name: string;
  description: string | null;
  about: string | null;
  learnings: string | null;
  tags: string | null;
}

export function courseDocument(course: IndexableCourse): SearchDocument {
  return {
    org_id: course.org_id,
    resource_type: 'course',
    resource_id: course.id,
    title: course.name,
    body: searchText(course.description, course.about, listText(course.learnings), listText(course.tags)),
  };
}

/** For the courses service: call after inserting or updating a course, in the same transaction. */
export function indexCourse(db: Executor, course: IndexableCourse): Promise<void> {
  return indexDocument(db, courseDocument(course));
}

/** For the courses service: call when deleting a course, in the same transaction. */
export function removeCourse(db: Executor, courseId: number): Promise<void> {
  return removeDocument(db, 'course', courseId);
}
