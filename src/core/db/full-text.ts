/**
 * The organization search index behind one interface. `search_documents` is ordinary
 * (one row per searchable thing); how it is matched differs per dialect (SQLite FTS5,
 * PostgreSQL tsvector), so the query side asks this interface for one SQL condition and
 * composes it with its own joins, visibility rules, ordering and paging.
 */
import type { RawBuilder, SqlBool } from 'kysely';
import type { DatabaseKind } from '../config.ts';
import { postgresFullText } from './dialects/postgres-full-text.ts';
import { sqliteFullText } from './dialects/sqlite-full-text.ts';

export interface FullTextScope {
  /** null for documents owned by no organization (users). */
  orgId: number | null;
  resourceType: string;
}

export interface FullTextIndex {
  /**
   * True for the `search_documents` row aliased `alias` when it lies in `scope` and every
   * term occurs, case- and accent-insensitively, as a word or word prefix in its title or
   * body (`nameOnly`: in its title). Terms are words of letters, marks and digits only.
   */
  matches(
    alias: string,
    scope: FullTextScope,
    terms: readonly string[],
    options?: { nameOnly?: boolean },
  ): RawBuilder<SqlBool>;
}

export function fullTextIndex(kind: DatabaseKind): FullTextIndex {
  return kind === 'postgres' ? postgresFullText : sqliteFullText;
}
