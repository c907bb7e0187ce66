/**
 * PostgreSQL: `search_documents.search_vector`, a stored tsvector of the unaccented title
 * (weight A) and body (weight B) under the `simple` configuration, with a GIN index.
 * Terms become prefix lexemes (`word:*`, `word:*A` for names only), unaccented the same
 * way; each type's query carries its own condition and the planner uses the GIN index.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextIndex, FullTextMatch } from '../full-text.ts';

/** Terms are letters, marks and digits only, so they cannot inject tsquery operators. */
export function tsQuery(terms: readonly string[], nameOnly = false): string {
  return terms.map((term) => `${term}:*${nameOnly ? 'A' : ''}`).join(' & ');
}

export const postgresFullText: FullTextIndex = {
  async match(_db, orgId, terms): Promise<FullTextMatch> {
    return {
      mayFind: () => terms.length > 0,
      matches(alias, resourceType, options = {}): RawBuilder<SqlBool> {
        if (terms.length === 0) return sql<SqlBool>`false`;
        const column = (name: string) => sql.ref(`${alias}.${name}`);
        return sql<SqlBool>`((${column('org_id')} = ${orgId} or ${column('org_id')} is null) and ${column('resource_type')} = ${resourceType} and ${column('search_vector')} @@ to_tsquery('simple', search_unaccent(${tsQuery(terms, options.nameOnly)})))`;
      },
    };
  },
};
