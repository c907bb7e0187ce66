/**
 * The serialized tree of public courses as anonymous readers see it, in process memory.
 * Anonymous readers all see the same thing, so the tree is built once and served until
 * the course row changes: the row carries `tree_version`, which database triggers bump on
 * any change to authors, chapters, activities or their order, so a change made by any
 * process is seen at once. Entries also expire after a short time, which bounds how long
 * an author's renamed profile can show in a cached tree.
 */
import type { JsonBytes } from '../../core/http/json-bytes.ts';
import type { CourseRow } from '../courses/service.ts';

const MAX_BYTES = 64 * 1024 * 1024;
const TTL_MS = 30_000;

interface Entry {
  /** The course row the tree was built from, and its columns. */
  course: CourseRow;
  columns: (keyof CourseRow)[];
  body: JsonBytes;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
let cachedBytes = 0;

/**
 * The whole row is compared, column by column: its uuid tells databases apart, its
 * tree_version and fields tell changes. (Both rows come from the same query, so they have
 * the same columns, each holding a plain value.)
 */
function sameRow(entry: Entry, current: CourseRow): boolean {
  for (const column of entry.columns) if (entry.course[column] !== current[column]) return false;
  return true;
}

const keyOf = (course: CourseRow, slim: boolean) => `${course.course_uuid}:${slim ? 'slim' : 'full'}`;

function forget(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  cachedBytes -= entry.body.bytes.length;
  entries.delete(key);
}

export function cachedPublicTree(course: CourseRow, slim: boolean, now = Date.now()): JsonBytes | undefined {
  const key = keyOf(course, slim);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt > now && sameRow(entry, course)) return entry.body;
  forget(key);
  return undefined;
}

export function rememberPublicTree(
  course: CourseRow,
  slim: boolean,
  body: JsonBytes,
  now = Date.now(),
): void {
  const key = keyOf(course, slim);
  forget(key);
  if (body.bytes.length > MAX_BYTES / 4) return;
  entries.set(key, {
    course,
    columns: Object.keys(course) as (keyof CourseRow)[],
    body,
    expiresAt: now + TTL_MS,
  });
  cachedBytes += body.bytes.length;
  // Oldest first: a Map iterates in insertion order.
  for (const oldKey of entries.keys()) {
    if (cachedBytes <= MAX_BYTES) break;
    forget(oldKey);
  }
}
