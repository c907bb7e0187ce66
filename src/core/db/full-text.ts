/**
 * The organization search index behind one interface. `search_documents` is ordinary
 * (one row per searchable thing); how it is matched differs per dialect (SQLite FTS5,
 * PostgreSQL tsvector). A search first asks the index for its match (SQLite runs its
 * full-text queries there, once per search); the match then hands each resource type's
 * query the SQL conditions to compose with its own joins, visibility, ranking and paging.
 */
import type { RawBuilder, SqlBool } from 'kysely';
import type { DatabaseKind } from '../config.ts';
import type { Executor } from '../events/emit.ts';
import { postgresFullText } from './dialects/postgres-full-text.ts';
import { sqliteFullText } from './dialects/sqlite-full-text.ts';

export interface FullTextMatch {
  /** False when nothing of this type can match (its query can be skipped). */
  mayFind(resourceType: string): boolean;
  /**
   * True for the `search_documents` row aliased `alias` when it is of `resourceType` and
   * every term occurs, ignoring case and accents, as a word or word prefix in its title or
   * body (`nameOnly`: in its title).
   */
  matches(alias: string, resourceType: string, options?: { nameOnly?: boolean }): RawBuilder<SqlBool>;
}

export interface FullTextIndex {
  /**
   * The documents of `orgId` (and those of no organization, i.e. users) matching every
   * term. Terms are words of letters, marks and digits only.
   */
  match(db: Executor, orgId: number, terms: readonly string[]): Promise<FullTextMatch>;
}

export function fullTextIndex(kind: DatabaseKind): FullTextIndex {
  return kind === 'postgres' ? postgresFullText : sqliteFullText;
}
