import type { Static } from '@sinclair/typebox';
import type { ChapterRow } from './queries.ts';
import type { ChapterRead } from './schemas.ts';

type ActivityJson = Static<typeof ChapterRead>['activities'][number];

/** ChapterRead fields; a locked chapter keeps its name but hides description and thumbnail. */
export function chapterFields<A = ActivityJson>(chapter: ChapterRow, locked: boolean, activities: A[]) {
  return {
    id: chapter.id,
    chapter_uuid: chapter.chapter_uuid,
    name: chapter.name,
    description: locked ? '' : chapter.description,
    thumbnail_image: locked ? '' : chapter.thumbnail_image,
    course_id: chapter.course_id,
    org_id: chapter.org_id,
    lock_type: chapter.lock_type,
    is_locked: locked,
    extra_metadata: chapter.extra_metadata
      ? (JSON.parse(chapter.extra_metadata) as Record<string, unknown>)
      : null,
    activities,
    creation_date: chapter.creation_date,
    update_date: chapter.update_date,
  };
}
