/**
 * Files of a course: thumbnails follow the course's read rule; files under an activity
 * (uploads, blocks) follow the activity's, locks and drafts included.
 */
import { notFound } from '../../core/errors/http-errors.ts';
import { getActivityOr404, readActivity } from '../activities/service.ts';
import { requireCourseRead } from '../courses/access.ts';
import { getCourseOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import type { ContentRule } from './access-rules.ts';
import { forbiddenOrUnauthorized } from './denials.ts';

/** segments: orgs / <org_uuid> / courses / <course_uuid> / … */
export const courseFilesRule: ContentRule = async (ctx, principal, segments) => {
  const db = ctx.database.db;
  const [, orgUuid, , courseUuid, area, activityUuid] = segments;
  const course = await getCourseOr404(db, courseUuid).catch(() => Promise.reject(notFound('File not found')));
  const org = await getOrgOr404(db, course.org_id);
  if (org.org_uuid !== orgUuid) throw notFound('File not found');
  if (area !== 'activities') {
    await requireCourseRead(db, principal, course);
    return;
  }
  const activity = await getActivityOr404(db, activityUuid ?? '').catch(() =>
    Promise.reject(notFound('File not found')),
  );
  if (activity.course_id !== course.id) throw notFound('File not found');
  const { locked } = await readActivity(ctx, principal, activity.activity_uuid);
  if (locked) forbiddenOrUnauthorized(principal, 'This content is locked');
};
