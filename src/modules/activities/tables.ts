import type { Generated } from 'kysely';
import type { LockType } from '../chapters/tables.ts';

export interface ActivitiesTable {
  id: Generated<number>;
  activity_uuid: string;
  org_id: number;
  course_id: number;
  name: string;
  activity_type: string;
  activity_sub_type: string;
  /** JSON object text, kept exactly as stored so reads can splice it without re-serializing. */
  content: string;
  /** JSON object text or null. */
  details: string | null;
  published: boolean;
  lock_type: LockType;
  extra_metadata: string | null;
  current_version: number;
  /** Bumped on every change, so any process can tell whether its cached content is current. */
  revision: number;
  published_version: number | null;
  last_modified_by_id: number | null;
  creation_date: string;
  update_date: string;
}

export interface ActivityVersionsTable {
  id: Generated<number>;
  activity_id: number;
  org_id: number;
  version_number: number;
  content: string;
  created_by_id: number | null;
  created_at: string;
}

export interface ActivityTables {
  activities: ActivitiesTable;
  activity_versions: ActivityVersionsTable;
}
