import type { Generated } from 'kysely';

export const ACCESS_TYPES = ['public', 'authenticated', 'restricted'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export interface PlaygroundsTable {
  id: Generated<number>;
  playground_uuid: string;
  org_id: number;
  course_id: number | null;
  name: string;
  description: string | null;
  thumbnail_image: string | null;
  html_content: string | null;
  access_type: AccessType;
  published: boolean;
  created_by: number | null;
  creation_date: string;
  update_date: string;
}

export interface PlaygroundTables {
  playgrounds: PlaygroundsTable;
}
