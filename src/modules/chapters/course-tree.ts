/**
 * The course tree reader behind `GET /courses/{course_uuid}/meta`: the course, its
 * chapters in order, each with its activities in order, drafts only for editors who ask,
 * locks applied. Activity content is stored as JSON text and spliced into the response
 * as it is, so the cost of a read does not grow with parsing and re-serializing content.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { type JsonBytes, toJsonBytes } from '../../core/http/json-bytes.ts';
import { serializeWithRaw } from '../../core/http/raw-json.ts';
import { contentsAt, type StoredContent } from '../activities/content-cache.ts';
import { activityFieldsRaw } from '../activities/present.ts';
import { listCourseActivitiesSlim } from '../activities/service.ts';
import { courseReaderOf, requireCourseRead } from '../courses/access.ts';
import { presentCourse } from '../courses/present.ts';
import { getCourseForReadOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { chapterFields } from './present.ts';
import { cachedPublicTree, rememberPublicTree } from './public-tree-cache.ts';
import { listActivityLinks, listLinkedChapters } from './queries.ts';
import { treeViewFor } from './service.ts';

export interface MetaOptions {
  withUnpublishedActivities: boolean;
  slim: boolean;
}

export async function readCourseMeta(
  ctx: AppContext,
  principal: Principal,
  courseUuid: string,
  options: MetaOptions,
): Promise<JsonBytes> {
  const db = ctx.database.db;
  const course = await getCourseForReadOr404(db, courseUuid);
  const caller = await requireCourseRead(db, principal, course);
  const anonymous = principal.kind === 'anonymous';
  const cached = anonymous ? cachedPublicTree(course, options.slim) : undefined;
  if (cached !== undefined) return cached;
  const [chapters, links, activities, org, presented] = await Promise.all([
    listLinkedChapters(db, course.id),
    listActivityLinks(db, course.id),
    listCourseActivitiesSlim(db, course.id),
    getOrgOr404(db, course.org_id),
    presentCourse(db, course, courseReaderOf(caller)),
  ]);
  const restricted = [
    ...chapters.filter((c) => c.lock_type === 'restricted').map((c) => c.chapter_uuid),
    ...activities.filter((a) => a.lock_type === 'restricted').map((a) => a.activity_uuid),
  ];
  const view = await treeViewFor(db, caller, course, restricted);
  const showDrafts = options.withUnpublishedActivities && view.canEdit;
  const activityById = new Map(activities.map((a) => [a.id, a]));
  const contents = options.slim
    ? new Map<number, StoredContent>()
    : await contentsAt(
        db,
        activities.filter((a) => showDrafts || a.published),
      );
  const linksByChapter = new Map<number, number[]>();
  for (const link of links) {
    const list = linksByChapter.get(link.chapter_id) ?? [];
    list.push(link.activity_id);
    linksByChapter.set(link.chapter_id, list);
  }

  const chapterJson = chapters.map((chapter) => {
    const chapterLocked = view.locks.locked(chapter.lock_type, chapter.chapter_uuid);
    const chapterActivities = (linksByChapter.get(chapter.id) ?? [])
      .map((id) => activityById.get(id))
      .filter((activity) => activity !== undefined && (showDrafts || activity.published))
      .map((activity) =>
        activityFieldsRaw(
          { ...activity!, ...contents.get(activity!.id) },
          {
            chapterId: chapter.id,
            slim: options.slim,
            locked: view.locks.locked(activity!.lock_type, activity!.activity_uuid, chapterLocked),
          },
        ),
      );
    return chapterFields(chapter, chapterLocked, chapterActivities);
  });

  const body = toJsonBytes(serializeWithRaw({ ...presented, org_uuid: org.org_uuid, chapters: chapterJson }));
  if (anonymous) rememberPublicTree(course, options.slim, body);
  return body;
}
