/** Finding an assignment or task with its course (404s in the product's words), and where their files live. */
import { notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { childKey } from '../../core/storage/object-keys.ts';
import { activityFolder, findActivityById } from '../activities/service.ts';
import { type CourseRow, getCourseByIdOr404 } from '../courses/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import * as queries from './queries.ts';

export const ASSIGNMENT_NOT_FOUND = 'Assignment not found';
export const TASK_NOT_FOUND = 'Assignment Task not found';

export async function getAssignmentOr404(db: Executor, assignmentUuid: string) {
  const assignment = await queries.findAssignmentByUuid(db, assignmentUuid);
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  return assignment;
}

export async function loadAssignment(db: Executor, assignmentUuid: string) {
  const assignment = await getAssignmentOr404(db, assignmentUuid);
  return { assignment, course: await getCourseByIdOr404(db, assignment.course_id) };
}

/** The task, which must belong to the assignment named in the path. */
export async function loadTask(db: Executor, assignmentUuid: string, taskUuid: string) {
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const task = await queries.findTaskByUuid(db, taskUuid);
  if (!task || task.assignment_id !== assignment.id) throw notFound(TASK_NOT_FOUND);
  return { assignment, course, task };
}

/** `…/activities/<activity>/assignments/<assignment>`: reference and submission files live below. */
export async function assignmentFolder(
  db: Executor,
  course: CourseRow,
  assignment: queries.AssignmentRow,
): Promise<string> {
  const org = await getOrgOr404(db, course.org_id);
  const activity = await findActivityById(db, assignment.activity_id);
  if (!activity) throw notFound('Activity not found');
  return childKey(
    activityFolder(org.org_uuid, course.course_uuid, activity.activity_uuid),
    'assignments',
    assignment.assignment_uuid,
  );
}

/** `…/assignments/<assignment>/tasks/<task>`: the reference file; learners' files go in `subs/`. */
export async function taskFolder(
  db: Executor,
  course: CourseRow,
  assignment: queries.AssignmentRow,
  task: queries.TaskRow,
): Promise<string> {
  return childKey(await assignmentFolder(db, course, assignment), 'tasks', task.assignment_task_uuid);
}
