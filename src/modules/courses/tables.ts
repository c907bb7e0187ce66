import type { Generated } from 'kysely';

export interface CoursesTable {
  id: Generated<number>;
  course_uuid: string;
  org_id: number;
  name: string;
  description: string | null;
  about: string | null;
  learnings: string | null;
  tags: string | null;
  thumbnail_type: 'image' | 'video' | 'both' | null;
  thumbnail_image: string | null;
  thumbnail_video: string | null;
  public: boolean;
  published: boolean;
  open_to_contributors: boolean;
  target_language: string | null;
  target_level: string | null;
  target_level_scale: string | null;
  /** JSON object text or null. */
  seo: string | null;
  /** JSON object text or null. */
  extra_metadata: string | null;
  creation_date: string;
  update_date: string;
  /** Bumped by database triggers whenever the course's tree changes (migration 0700). */
  tree_version: Generated<number>;
}

export type Authorship = 'CREATOR' | 'CONTRIBUTOR' | 'MAINTAINER' | 'REPORTER';
export type AuthorshipStatus = 'ACTIVE' | 'PENDING' | 'INACTIVE';

export interface CourseAuthorsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  authorship: Authorship;
  authorship_status: AuthorshipStatus;
  creation_date: string;
  update_date: string;
}

export interface CourseUpdatesTable {
  id: Generated<number>;
  courseupdate_uuid: string;
  course_id: number;
  org_id: number;
  title: string;
  content: string;
  linked_activity_uuids: string | null;
  creation_date: string;
  update_date: string;
}

export interface CourseTables {
  courses: CoursesTable;
  course_authors: CourseAuthorsTable;
  course_updates: CourseUpdatesTable;
}
