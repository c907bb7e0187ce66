/**
 * Grading a learner's submission. Every answer the server can grade is graded again from
 * the stored answer (a grade a client posted is never trusted), except rows a teacher
 * graded by hand; then the task grades are summed, clamped to the assignment's maximum and
 * stored as the submission's grade, the status becomes GRADED and `assignment_graded` fires.
 *
 * CODE answers run on Judge0, which can be slow or down, so grading happens before the
 * write transaction, and a grade is stored only if its answer has not changed meanwhile.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { formatDateTime } from '../../core/time.ts';
import { assertOwnUnlessInstructor, authorizeEdit, authorizeRead } from './access.ts';
import {
  buildGradeObject,
  createJudge0Runner,
  type GradeObject,
  type GradeTask,
  type GradeTaskSubmission,
  type GradingContext,
  type GradingType,
  gradeTask,
  isAutoGradable,
  type TaskType,
  VERIFIED_CORRECT_FEEDBACK,
  VERIFIED_INCORRECT_FEEDBACK,
  withGradedMessage,
} from './grading/index.ts';
import { loadAssignment } from './lookups.ts';
import * as queries from './queries.ts';

export const SUBMISSION_NOT_FOUND = 'Assignment User Submission not found';

export function gradingContext(ctx: AppContext): GradingContext {
  return ctx.config.judge0Url ? { codeRunner: createJudge0Runner({ url: ctx.config.judge0Url }) } : {};
}

export function toGradeTask(task: queries.TaskRow): GradeTask {
  return {
    id: task.id,
    uuid: task.assignment_task_uuid,
    title: task.title,
    description: task.description,
    type: task.assignment_type as TaskType,
    max_grade_value: task.max_grade_value,
  };
}

function toGradeSubmission(row: queries.TaskSubmissionRow): GradeTaskSubmission {
  return {
    task_id: row.assignment_task_id,
    grade: row.grade,
    feedback: row.task_submission_grade_feedback,
    manually_graded: row.manually_graded,
  };
}

export function gradeObjectOf(
  assignment: queries.AssignmentRow,
  tasks: queries.TaskRow[],
  answers: queries.TaskSubmissionRow[],
  overallFeedback: string | null,
  storedGrade?: number,
): GradeObject {
  return buildGradeObject({
    tasks: tasks.map(toGradeTask),
    submissions: answers.map(toGradeSubmission),
    grading_type: assignment.grading_type as GradingType,
    overall_feedback: overallFeedback,
    raw_grade: storedGrade,
  });
}

/** Auto-grading on submit: the option is on and the server can grade every task (CODE needs Judge0). */
export function canAutoGrade(
  ctx: AppContext,
  assignment: queries.AssignmentRow,
  tasks: queries.TaskRow[],
): boolean {
  return (
    assignment.auto_grading &&
    tasks.length > 0 &&
    tasks.every(
      (task) =>
        isAutoGradable(task.assignment_type as TaskType) &&
        (task.assignment_type !== 'CODE' || ctx.config.judge0Url !== undefined),
    )
  );
}

interface Regrade {
  row: queries.TaskSubmissionRow;
  grade: number;
  feedback: string;
}

/**
 * New grades for the answers the server grades itself (teachers' overrides skipped).
 * `unresolved`: some CODE answer could not be run, so its stored grade stands.
 */
async function regrade(ctx: AppContext, tasks: queries.TaskRow[], answers: queries.TaskSubmissionRow[]) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const context = gradingContext(ctx);
  const results = await Promise.all(
    answers.map(async (row) => {
      const task = byId.get(row.assignment_task_id);
      if (!task || row.manually_graded) return undefined;
      const gradable = {
        type: task.assignment_type as TaskType,
        contents: JSON.parse(task.contents),
        max_grade_value: task.max_grade_value,
      };
      return { row, result: await gradeTask(gradable, JSON.parse(row.task_submission), context) };
    }),
  );
  const changes: Regrade[] = [];
  let unresolved = false;
  for (const entry of results) {
    if (!entry) continue;
    const { row, result } = entry;
    if (result === 'unknown') unresolved = true;
    else if (typeof result === 'number' && result !== row.grade) {
      changes.push({
        row,
        grade: result,
        feedback: result > 0 ? VERIFIED_CORRECT_FEEDBACK : VERIFIED_INCORRECT_FEEDBACK,
      });
    }
  }
  return { changes, unresolved };
}

/** null or undefined keeps the stored feedback; '' clears it; anything else replaces it. */
function nextFeedback(stored: string | null, given: string | null | undefined): string | null {
  if (given === undefined || given === null) return stored;
  return given === '' ? null : given;
}

export interface GradingJob {
  assignment: queries.AssignmentRow;
  courseUuid: string;
  orgId: number;
  userId: number;
  overallFeedback?: string | null;
  autoGraded: boolean;
}

async function prepare(ctx: AppContext, { assignment, userId }: GradingJob) {
  const tasks = await queries.listTasks(ctx.database.db, assignment.id);
  const answers = await queries.listTaskSubmissionsOfUser(ctx.database.db, assignment.id, userId);
  return { tasks, ...(await regrade(ctx, tasks, answers)) };
}

async function store(
  ctx: AppContext,
  job: GradingJob,
  { tasks, changes }: Awaited<ReturnType<typeof prepare>>,
) {
  const { assignment, userId } = job;
  return ctx.database.db.transaction().execute(async (trx) => {
    const submission = await queries.findUserSubmission(trx, assignment.id, userId);
    if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
    const now = formatDateTime();
    for (const change of changes)
      await queries.storeVerifiedGrade(trx, change.row, change.grade, change.feedback, now);
    const feedback = nextFeedback(submission.overall_feedback, job.overallFeedback);
    const answers = await queries.listTaskSubmissionsOfUser(trx, assignment.id, userId);
    const grade = gradeObjectOf(assignment, tasks, answers, feedback);
    const graded = await queries.updateUserSubmission(trx, submission.id, {
      grade: grade.grade,
      submission_status: 'GRADED',
      overall_feedback: feedback,
      update_date: now,
    });
    await emitGraded(trx, job, grade);
    return { submission: graded, grade };
  });
}

/** Grading right after a submission; undefined when a CODE answer could not be run (left for a teacher). */
export async function autoGrade(ctx: AppContext, job: Omit<GradingJob, 'autoGraded' | 'overallFeedback'>) {
  const prepared = await prepare(ctx, { ...job, autoGraded: true });
  if (prepared.unresolved) return undefined;
  return store(ctx, { ...job, autoGraded: true }, prepared);
}

export async function emitGraded(
  trx: Executor,
  job: Pick<GradingJob, 'assignment' | 'courseUuid' | 'orgId' | 'userId' | 'autoGraded'>,
  grade: Omit<GradeObject, 'tasks'>,
): Promise<void> {
  await emit(trx, job.orgId, 'assignment_graded', {
    user_id: job.userId,
    assignment_uuid: job.assignment.assignment_uuid,
    course_uuid: job.courseUuid,
    grade: grade.grade,
    max_grade: grade.max_grade,
    percentage: grade.percentage,
    display_grade: grade.display_grade,
    letter_grade: grade.letter_grade,
    points_summary: grade.points_summary,
    passed: grade.passed,
    grading_type: grade.grading_type,
    overall_feedback: grade.overall_feedback,
    auto_graded: job.autoGraded,
  });
}

/** `POST …/submissions/{user_id}/grade`: the teacher's grading pass. */
export async function gradeSubmission(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
  overallFeedback: string | null | undefined,
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeEdit(db, principal, course, 'update');
  if (!(await queries.findUserSubmission(db, assignment.id, userId))) throw notFound(SUBMISSION_NOT_FOUND);
  const job: GradingJob = {
    assignment,
    courseUuid: course.course_uuid,
    orgId: course.org_id,
    userId,
    overallFeedback,
    autoGraded: false,
  };
  const { grade } = await store(ctx, job, await prepare(ctx, job));
  return withGradedMessage(grade);
}

/** `GET …/submissions/{user_id}/grade`: the stored grade, formatted (learners: their own only). */
export async function readGrade(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  userId: number,
) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  assertOwnUnlessInstructor(caller, userId, 'You can only view your own grade');
  const submission = await queries.findUserSubmission(db, assignment.id, userId);
  if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
  const tasks = await queries.listTasks(db, assignment.id);
  const answers = await queries.listTaskSubmissionsOfUser(db, assignment.id, userId);
  return gradeObjectOf(assignment, tasks, answers, submission.overall_feedback, submission.grade);
}
