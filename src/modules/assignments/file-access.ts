/**
 * Who may fetch the files under `…/activities/<activity>/assignments/`: reference files
 * go to anyone who may read the activity (already checked by the course files rule);
 * a learner's submission file (`…/tasks/<task>/subs/<file>`) only to that learner, the
 * course's editors and tokens holding `assignments.read`.
 */
import { notFound } from '../../core/errors/http-errors.ts';
import type { ActivityFilesRule } from '../content-files/access-rules.ts';
import { forbiddenOrUnauthorized } from '../content-files/denials.ts';
import { isCourseEditor, tokenHolds } from './access.ts';
import * as queries from './queries.ts';
import { SUBMISSIONS_FOLDER } from './task-files.ts';

const FILE_NOT_FOUND = 'File not found';

/** rest: assignments / <assignment> / tasks / <task> / <file>  or  … / <task> / subs / <file> */
export const assignmentFilesRule: ActivityFilesRule = async (ctx, principal, { course, activity }, rest) => {
  const db = ctx.database.db;
  const [, assignmentUuid, tasks, taskUuid, ...file] = rest;
  const assignment = await queries.findAssignmentByUuid(db, assignmentUuid);
  const task = tasks === 'tasks' ? await queries.findTaskByUuid(db, taskUuid ?? '') : undefined;
  if (!assignment || assignment.activity_id !== activity.id || !task || task.assignment_id !== assignment.id)
    throw notFound(FILE_NOT_FOUND);
  if (file.length === 1) return;
  if (file.length !== 2 || file[0] !== SUBMISSIONS_FOLDER) throw notFound(FILE_NOT_FOUND);
  const upload = await queries.findSubmissionFile(db, task.id, file[1]);
  if (!upload) throw notFound(FILE_NOT_FOUND);
  if (principal.kind === 'user' && principal.id === upload.user_id) return;
  const instructor =
    principal.kind === 'token'
      ? tokenHolds(principal, course.org_id, 'read')
      : principal.kind === 'user' && (await isCourseEditor(db, principal, course));
  if (!instructor) forbiddenOrUnauthorized(principal, 'You can only view your own submission files');
};
