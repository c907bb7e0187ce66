import type { Generated } from 'kysely';

export type LockType = 'public' | 'authenticated' | 'restricted';

export interface ChaptersTable {
  id: Generated<number>;
  chapter_uuid: string;
  org_id: number;
  course_id: number;
  name: string;
  description: string | null;
  thumbnail_image: string | null;
  lock_type: LockType;
  extra_metadata: string | null;
  creation_date: string;
  update_date: string;
}

/** A chapter's position in its course; no row means the chapter is unlinked. */
export interface CourseChaptersTable {
  chapter_id: number;
  course_id: number;
  position: number;
}

/** An activity's position in a chapter; no row means the activity is unlinked. */
export interface ChapterActivitiesTable {
  activity_id: number;
  chapter_id: number;
  course_id: number;
  position: number;
}

export interface ChapterTables {
  chapters: ChaptersTable;
  course_chapters: CourseChaptersTable;
  chapter_activities: ChapterActivitiesTable;
}
