/**
 * The serialized tree of public courses as anonymous readers see it, in process memory.
 * Anonymous readers all see the same thing, so the tree is built once and served until
 * the course row changes: the row carries `tree_version`, which database triggers bump on
 * any change to authors, chapters, activities or their order, so a change made by any
 * process is seen at once. Entries also expire after a short time, which bounds how long
 * an author's renamed profile can show in a cached tree.
 */
import type { CourseRow } from '../courses/service.ts';

const MAX_BYTES = 64 * 1024 * 1024;
const TTL_MS = 30_000;

interface Entry {
  fingerprint: string;
  json: string;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
let cachedBytes = 0;

/** The whole row: its uuid tells databases apart, its tree_version and fields tell changes. */
const fingerprintOf = (course: CourseRow) => JSON.stringify(course);
const keyOf = (course: CourseRow, slim: boolean) => `${course.course_uuid}:${slim ? 'slim' : 'full'}`;

function forget(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  cachedBytes -= entry.json.length;
  entries.delete(key);
}

export function cachedPublicTree(course: CourseRow, slim: boolean, now = Date.now()): string | undefined {
  const key = keyOf(course, slim);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt > now && entry.fingerprint === fingerprintOf(course)) return entry.json;
  forget(key);
  return undefined;
}

export function rememberPublicTree(course: CourseRow, slim: boolean, json: string, now = Date.now()): void {
  const key = keyOf(course, slim);
  forget(key);
  if (json.length > MAX_BYTES / 4) return;
  entries.set(key, { fingerprint: fingerprintOf(course), json, expiresAt: now + TTL_MS });
  cachedBytes += json.length;
  // Oldest first: a Map iterates in insertion order.
  for (const oldKey of entries.keys()) {
    if (cachedBytes <= MAX_BYTES) break;
    forget(oldKey);
  }
}
