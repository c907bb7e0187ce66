/**
 * SQLite: the contentless FTS5 table `search_fts` (rowid = search_documents.id), filled by
 * triggers, tokenized by `unicode61 remove_diacritics 2`, with prefix indexes. A search
 * runs one MATCH, joined to the organization's documents; each type's query then starts
 * from its own short list of ids (a JSON array read through json_each), so nothing scans
 * a whole type. Whether a match is in the name is read off the matched titles here, which
 * costs far less than a second MATCH restricted to the title column.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextIndex, FullTextMatch } from '../full-text.ts';

const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

export function ftsQuery(terms: readonly string[]): string {
  return `{title body} : (${terms.map((term) => `${quoted(term)}*`).join(' AND ')})`;
}

/** Case and accent folding close to the tokenizer's (`remove_diacritics 2`). */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Every term starts one of the title's words. */
export function titleHasAll(title: string, foldedTerms: readonly string[]): boolean {
  const words = fold(title).split(/[^\p{L}\p{N}]+/u);
  return foldedTerms.every((term) => words.some((word) => word.startsWith(term)));
}

interface Matched {
  all: number[];
  names: number[];
}

function oneOf(alias: string, ids: number[] | undefined): RawBuilder<SqlBool> {
  if (!ids?.length) return sql<SqlBool>`0`;
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

export const sqliteFullText: FullTextIndex = {
  async match(db, orgId, terms): Promise<FullTextMatch> {
    const byType = new Map<string, Matched>();
    if (terms.length > 0) {
      const folded = terms.map(fold);
      const { rows } = await sql<{ id: number; resource_type: string; title: string }>`
        select d.id, d.resource_type, d.title from search_fts
        join search_documents d on d.id = search_fts.rowid
        where search_fts match ${ftsQuery(terms)} and (d.org_id = ${orgId} or d.org_id is null)`.execute(db);
      for (const row of rows) {
        const matched = byType.get(row.resource_type) ?? { all: [], names: [] };
        byType.set(row.resource_type, matched);
        matched.all.push(row.id);
        if (titleHasAll(row.title, folded)) matched.names.push(row.id);
      }
    }
    return {
      mayFind: (resourceType) => byType.has(resourceType),
      matches: (alias, resourceType, options = {}) =>
        oneOf(alias, byType.get(resourceType)?.[options.nameOnly ? 'names' : 'all']),
    };
  },
};
