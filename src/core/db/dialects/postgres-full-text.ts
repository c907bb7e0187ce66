/**
 * PostgreSQL: `search_documents.search_vector`, a stored tsvector of the unaccented title
 * (weight A) and body (weight B) under the `simple` configuration, with a GIN index.
 * Terms become prefix lexemes (`word:*`, `word:*A` for names only), unaccented the same way.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FullTextIndex } from '../full-text.ts';

/** Terms are letters, marks and digits only, so they cannot inject tsquery operators. */
export function tsQuery(terms: readonly string[], nameOnly = false): string {
  return terms.map((term) => `${term}:*${nameOnly ? 'A' : ''}`).join(' & ');
}

export const postgresFullText: FullTextIndex = {
  matches(alias, scope, terms, options = {}): RawBuilder<SqlBool> {
    if (terms.length === 0) return sql<SqlBool>`false`;
    const org =
      scope.orgId === null
        ? sql`${sql.ref(`${alias}.org_id`)} is null`
        : sql`${sql.ref(`${alias}.org_id`)} = ${scope.orgId}`;
    return sql<SqlBool>`(${org} and ${sql.ref(`${alias}.resource_type`)} = ${scope.resourceType} and ${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', search_unaccent(${tsQuery(terms, options.nameOnly)})))`;
  },
};
