/**
 * SQLite: the contentless FTS5 table `search_fts` (rowid = search_documents.id), filled by
 * triggers, tokenized by `unicode61 remove_diacritics 2` with prefix indexes. Its `scope`
 * column holds the single token `s<org id><type>`, so one MATCH reads only one
 * organization's postings of one type instead of filtering every match afterwards.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextIndex, FullTextScope } from '../full-text.ts';

const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

export function scopeToken(scope: FullTextScope): string {
  return `s${scope.orgId ?? 0}${scope.resourceType}`;
}

export function ftsQuery(scope: FullTextScope, terms: readonly string[], nameOnly = false): string {
  const words = terms.map((term) => `${quoted(term)}*`).join(' AND ');
  return `scope : ${quoted(scopeToken(scope))} AND ${nameOnly ? 'title' : '{title body}'} : (${words})`;
}

export const sqliteFullText: FullTextIndex = {
  matches(alias, scope, terms, options = {}): RawBuilder<SqlBool> {
    if (terms.length === 0) return sql<SqlBool>`0`;
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from search_fts where search_fts match ${ftsQuery(scope, terms, options.nameOnly)})`;
  },
};
