import type { Generated } from 'kysely';

export const SEARCH_RESOURCE_TYPES = [
  'course',
  'folder',
  'user',
  'community',
  'discussion',
  'playground',
  'podcast',
] as const;
export type SearchResourceType = (typeof SEARCH_RESOURCE_TYPES)[number];

/**
 * One searchable thing. The full-text structures built on it differ per dialect (see
 * migration 0510 and src/core/db/full-text.ts) and are not part of this type.
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  /** null for users, who are not owned by one organization. */
  org_id: number | null;
  resource_type: SearchResourceType;
  resource_id: number;
  /** The name: matches here rank first. */
  title: string;
  body: string;
}

export interface SearchTables {
  search_documents: SearchDocumentsTable;
}
