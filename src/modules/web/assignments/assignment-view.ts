/**
 * Everything the assignment panel shows to one signed-in viewer, read through the same
 * service functions as the assignments API (so access rules and answer-key stripping apply
 * exactly as they do there): the assignment, its tasks, the viewer's answers and submission,
 * and the grade object once graded.
 */
import type { SessionUser } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { listTasks, readAssignmentOfActivity } from '../../assignments/authoring.ts';
import { isPastDue } from '../../assignments/due-date.ts';
import { readGrade } from '../../assignments/grading-flow.ts';
import { attemptCap } from '../../assignments/retries.ts';
import { mySubmissions } from '../../assignments/submissions.ts';
import { myAnswers } from '../../assignments/task-submissions.ts';
import { getOrgOr404 } from '../../orgs/service.ts';
import { type Json, jsonObjectOf } from './task-contents.ts';

export type AssignmentRecord = Awaited<ReturnType<typeof readAssignmentOfActivity>>;
type TaskRecord = Awaited<ReturnType<typeof listTasks>>[number];
export type SubmissionRecord = Awaited<ReturnType<typeof mySubmissions>>[number];
export type GradeRecord = Awaited<ReturnType<typeof readGrade>>;

export interface TaskView {
  task: Omit<TaskRecord, 'contents'>;
  /** As the service returned it: without answer keys unless this viewer may see them. */
  contents: Json;
  answer?: { value: Json; updateDate: string };
}

export interface AssignmentView {
  assignment: AssignmentRecord;
  orgUuid: string;
  /** In the order they were created (the grade object's order). */
  tasks: TaskView[];
  submission?: SubmissionRecord;
  grade?: GradeRecord;
  pastDue: boolean;
  /** Total attempts allowed when retries are on. */
  attemptCap: number;
}

/** States in which the learner's answers are handed in and frozen. */
const HANDED_IN = new Set(['SUBMITTED', 'GRADED', 'LATE']);

export function isHandedIn(view: Pick<AssignmentView, 'submission'>): boolean {
  return view.submission !== undefined && HANDED_IN.has(view.submission.submission_status);
}

export async function loadAssignmentView(
  ctx: AppContext,
  user: SessionUser,
  activityUuid: string,
): Promise<AssignmentView> {
  const assignment = await readAssignmentOfActivity(ctx, user, activityUuid);
  const uuid = assignment.assignment_uuid;
  const [tasks, answers, submissions, org] = await Promise.all([
    listTasks(ctx, user, uuid),
    myAnswers(ctx, user, uuid),
    mySubmissions(ctx, user, uuid),
    getOrgOr404(ctx.database.db, assignment.org_id),
  ]);
  const submission = submissions[0];
  const grade =
    submission?.submission_status === 'GRADED' ? await readGrade(ctx, user, uuid, user.id) : undefined;
  return {
    assignment,
    orgUuid: org.org_uuid,
    tasks: tasks
      .sort((a, b) => a.id - b.id)
      .map(({ contents, ...task }) => {
        const answer = answers[task.assignment_task_uuid];
        return {
          task,
          contents: jsonObjectOf(contents),
          answer: answer
            ? { value: jsonObjectOf(answer.task_submission), updateDate: answer.update_date }
            : undefined,
        };
      }),
    submission,
    grade,
    pastDue: isPastDue(assignment.due_date),
    attemptCap: attemptCap(assignment, ctx.config.limits.maxAssignmentAttempts),
  };
}

/** Where the task's files are served (`/api/v1/content/…`, access checked there). */
export function taskFileUrl(
  view: AssignmentView,
  taskUuid: string,
  fileName: string,
  submitted: boolean,
): string {
  const { assignment } = view;
  const parts = [
    'orgs',
    view.orgUuid,
    'courses',
    assignment.course_uuid ?? '',
    'activities',
    assignment.activity_uuid ?? '',
    'assignments',
    assignment.assignment_uuid,
    'tasks',
    taskUuid,
    ...(submitted ? ['subs'] : []),
    fileName,
  ];
  return `/api/v1/content/${parts.map(encodeURIComponent).join('/')}`;
}
