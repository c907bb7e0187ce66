/**
 * Activity content by (id, revision), kept in memory so the course tree reader does not
 * pull every activity's content from the database on each read. The revision comes from
 * the database row, so a change made by any process is seen at once; the cache only ever
 * serves the exact revision it is asked for.
 */
import type { Executor } from '../../core/events/emit.ts';
import { findContents } from './queries.ts';

export interface StoredContent {
  content: string;
  details: string | null;
}

const MAX_BYTES = 64 * 1024 * 1024;
let cachedBytes = 0;
const cache = new Map<number, StoredContent & { revision: number }>();

function remember(id: number, revision: number, stored: StoredContent) {
  const previous = cache.get(id);
  if (previous) {
    cachedBytes -= previous.content.length + (previous.details?.length ?? 0);
    cache.delete(id);
  }
  cache.set(id, { ...stored, revision });
  cachedBytes += stored.content.length + (stored.details?.length ?? 0);
  // Oldest first: a Map iterates in insertion order, and hits are re-inserted below.
  for (const [oldId, entry] of cache) {
    if (cachedBytes <= MAX_BYTES) break;
    cachedBytes -= entry.content.length + (entry.details?.length ?? 0);
    cache.delete(oldId);
  }
}

/** Content of each activity at the given revision: from memory when current, else from the database. */
export async function contentsAt(db: Executor, wanted: { id: number; revision: number }[]) {
  const result = new Map<number, StoredContent>();
  const missing: number[] = [];
  for (const { id, revision } of wanted) {
    const hit = cache.get(id);
    if (hit && hit.revision === revision) {
      cache.delete(id);
      cache.set(id, hit);
      result.set(id, hit);
    } else {
      missing.push(id);
    }
  }
  for (const row of await findContents(db, missing)) {
    remember(row.id, row.revision, row);
    result.set(row.id, row);
  }
  return result;
}
