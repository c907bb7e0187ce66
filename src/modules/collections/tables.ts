import type { Generated } from 'kysely';

export interface CollectionsTable {
  id: Generated<number>;
  collection_uuid: string;
  org_id: number;
  name: string;
  description: string | null;
  public: boolean;
  creation_date: string;
  update_date: string;
}

export interface CollectionCoursesTable {
  collection_id: number;
  course_id: number;
  position: number;
}

export interface CollectionTables {
  collections: CollectionsTable;
  collection_courses: CollectionCoursesTable;
}
