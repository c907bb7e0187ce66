/**
 * A course as a reader sees it: chapters and activities in order with their locks, and,
 * for a signed-in reader, which activities they have done. Read through the same services
 * as `GET /courses/{uuid}/meta` and the progress endpoints, so pages and API agree.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { readCourseMeta } from '../chapters/course-tree.ts';
import type { OrgRow } from '../orgs/service.ts';
import { courseProgress } from '../progress/service.ts';

export interface OutlineActivity {
  activity_uuid: string;
  name: string;
  activity_type: string;
  activity_sub_type: string;
  published: boolean;
  lock_type: string;
  is_locked: boolean;
  done: boolean;
}

export interface OutlineChapter {
  chapter_uuid: string;
  name: string;
  description: string | null;
  is_locked: boolean;
  activities: OutlineActivity[];
}

export interface CourseOutline {
  course: {
    id: number;
    course_uuid: string;
    org_id: number;
    name: string;
    description: string | null;
    about: string | null;
    learnings: string | null;
    tags: string | null;
    published: boolean;
  };
  chapters: OutlineChapter[];
  /** Every activity in reading order, for previous/next links. */
  sequence: OutlineActivity[];
  doneCount: number;
  signedIn: boolean;
}

type MetaActivity = Omit<OutlineActivity, 'done'>;
type MetaChapter = Omit<OutlineChapter, 'activities'> & { activities: MetaActivity[] };

export async function loadCourseOutline(
  ctx: AppContext,
  principal: Principal,
  org: OrgRow,
  courseUuid: string,
): Promise<CourseOutline> {
  const tree = await readCourseMeta(ctx, principal, courseUuid, {
    withUnpublishedActivities: false,
    slim: true,
  });
  const meta = JSON.parse(tree.bytes.toString('utf8')) as CourseOutline['course'] & {
    chapters: MetaChapter[];
  };
  // A course is only ever shown under its own organization's address.
  if (meta.org_id !== org.id) throw notFound('Course');
  const signedIn = principal.kind === 'user';
  const done = new Set(
    signedIn
      ? (await courseProgress(ctx, principal, courseUuid)).activities
          .filter((entry) => entry.complete)
          .map((entry) => entry.activity.activity_uuid)
      : [],
  );
  const chapters = meta.chapters.map((chapter) => ({
    ...chapter,
    activities: chapter.activities.map((activity) => ({
      ...activity,
      done: done.has(activity.activity_uuid),
    })),
  }));
  const sequence = chapters.flatMap((chapter) => chapter.activities);
  return {
    course: meta,
    chapters,
    sequence,
    doneCount: sequence.filter((activity) => activity.done).length,
    signedIn,
  };
}
