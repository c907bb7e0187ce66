/** SQL for assignments, their tasks, learners' answers and submissions, and submission files. */
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type {
  AssignmentsTable,
  AssignmentTaskSubmissionsTable,
  AssignmentTasksTable,
  AssignmentUserSubmissionsTable,
  SubmissionStatus,
} from './tables.ts';

type Row<T> = Omit<T, 'id'> & { id: number };
export type AssignmentRow = Row<AssignmentsTable>;
export type TaskRow = Row<AssignmentTasksTable>;
export type TaskSubmissionRow = Row<AssignmentTaskSubmissionsTable>;
export type UserSubmissionRow = Row<AssignmentUserSubmissionsTable>;

// --- assignments ---

export function insertAssignment(db: Executor, row: Insertable<AssignmentsTable>): Promise<AssignmentRow> {
  return db.insertInto('assignments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findAssignmentByUuid(db: Executor, uuid: string): Promise<AssignmentRow | undefined> {
  return db.selectFrom('assignments').selectAll().where('assignment_uuid', '=', uuid).executeTakeFirst();
}

export function findAssignmentOfActivity(
  db: Executor,
  activityId: number,
): Promise<AssignmentRow | undefined> {
  return db.selectFrom('assignments').selectAll().where('activity_id', '=', activityId).executeTakeFirst();
}

export function listAssignmentsOfCourse(db: Executor, courseId: number): Promise<AssignmentRow[]> {
  return db.selectFrom('assignments').selectAll().where('course_id', '=', courseId).orderBy('id').execute();
}

export function updateAssignment(
  db: Executor,
  id: number,
  patch: Updateable<AssignmentsTable>,
): Promise<AssignmentRow> {
  return db
    .updateTable('assignments')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAssignment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('assignments').where('id', '=', id).execute();
}

// --- tasks ---

export function insertTask(db: Executor, row: Insertable<AssignmentTasksTable>): Promise<TaskRow> {
  return db.insertInto('assignment_tasks').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findTaskByUuid(db: Executor, uuid: string): Promise<TaskRow | undefined> {
  return db
    .selectFrom('assignment_tasks')
    .selectAll()
    .where('assignment_task_uuid', '=', uuid)
    .executeTakeFirst();
}

/** Newest first, as the product lists them. */
export function listTasks(db: Executor, assignmentId: number): Promise<TaskRow[]> {
  return db
    .selectFrom('assignment_tasks')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('creation_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function updateTask(
  db: Executor,
  id: number,
  patch: Updateable<AssignmentTasksTable>,
): Promise<TaskRow> {
  return db
    .updateTable('assignment_tasks')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteTask(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('assignment_tasks').where('id', '=', id).execute();
}

// --- task submissions (answers) ---

export function findTaskSubmission(
  db: Executor,
  taskId: number,
  userId: number,
): Promise<TaskSubmissionRow | undefined> {
  return db
    .selectFrom('assignment_task_submissions')
    .selectAll()
    .where('assignment_task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findTaskSubmissionByUuid(db: Executor, uuid: string): Promise<TaskSubmissionRow | undefined> {
  return db
    .selectFrom('assignment_task_submissions')
    .selectAll()
    .where('assignment_task_submission_uuid', '=', uuid)
    .executeTakeFirst();
}

export function insertTaskSubmission(
  db: Executor,
  row: Insertable<AssignmentTaskSubmissionsTable>,
): Promise<TaskSubmissionRow> {
  return db.insertInto('assignment_task_submissions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateTaskSubmission(
  db: Executor,
  id: number,
  patch: Updateable<AssignmentTaskSubmissionsTable>,
): Promise<TaskSubmissionRow> {
  return db
    .updateTable('assignment_task_submissions')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores a server-verified grade unless the row changed since it was graded (a new answer,
 * or a teacher's override): the grade must belong to the answer it was computed from.
 */
export async function storeVerifiedGrade(
  db: Executor,
  row: Pick<TaskSubmissionRow, 'id' | 'task_submission'>,
  grade: number,
  feedback: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('assignment_task_submissions')
    .set({ grade, task_submission_grade_feedback: feedback, update_date: now })
    .where('id', '=', row.id)
    .where('task_submission', '=', row.task_submission)
    .where('manually_graded', '=', false)
    .execute();
}

export function listTaskSubmissionsOfUser(
  db: Executor,
  assignmentId: number,
  userId: number,
): Promise<TaskSubmissionRow[]> {
  return db
    .selectFrom('assignment_task_submissions')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function listTaskSubmissionsOfTask(
  db: Executor,
  taskId: number,
  offset: number,
  limit: number,
): Promise<TaskSubmissionRow[]> {
  return db
    .selectFrom('assignment_task_submissions')
    .selectAll()
    .where('assignment_task_id', '=', taskId)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function deleteTaskSubmission(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('assignment_task_submissions').where('id', '=', id).execute();
}

export async function deleteTaskSubmissionsOfUser(db: Executor, assignmentId: number, userId: number) {
  await db
    .deleteFrom('assignment_task_submissions')
    .where('assignment_id', '=', assignmentId)
    .where('user_id', '=', userId)
    .execute();
}

// --- user submissions ---

export function findUserSubmission(
  db: Executor,
  assignmentId: number,
  userId: number,
): Promise<UserSubmissionRow | undefined> {
  return db
    .selectFrom('assignment_user_submissions')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertUserSubmission(
  db: Executor,
  row: Insertable<AssignmentUserSubmissionsTable>,
): Promise<UserSubmissionRow> {
  return db.insertInto('assignment_user_submissions').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Updates the row only while its status is one of `from`: of two concurrent requests that
 * both saw that status, one changes the row and the other gets undefined.
 */
export function updateUserSubmissionFrom(
  db: Executor,
  id: number,
  from: readonly SubmissionStatus[],
  patch: Updateable<AssignmentUserSubmissionsTable>,
): Promise<UserSubmissionRow | undefined> {
  return db
    .updateTable('assignment_user_submissions')
    .set(patch)
    .where('id', '=', id)
    .where('submission_status', 'in', from)
    .returningAll()
    .executeTakeFirst();
}

export function updateUserSubmission(
  db: Executor,
  id: number,
  patch: Updateable<AssignmentUserSubmissionsTable>,
): Promise<UserSubmissionRow> {
  return db
    .updateTable('assignment_user_submissions')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listUserSubmissions(
  db: Executor,
  assignmentId: number,
  offset: number,
  limit: number,
): Promise<UserSubmissionRow[]> {
  return db
    .selectFrom('assignment_user_submissions')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function deleteUserSubmission(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('assignment_user_submissions').where('id', '=', id).execute();
}

// --- submission files ---

export async function insertSubmissionFile(
  db: Executor,
  row: { assignment_task_id: number; user_id: number; file_name: string; creation_date: string },
): Promise<void> {
  await db.insertInto('assignment_submission_files').values(row).execute();
}

export async function deleteSubmissionFile(db: Executor, taskId: number, fileName: string): Promise<void> {
  await db
    .deleteFrom('assignment_submission_files')
    .where('assignment_task_id', '=', taskId)
    .where('file_name', '=', fileName)
    .execute();
}

export function findSubmissionFile(db: Executor, taskId: number, fileName: string) {
  return db
    .selectFrom('assignment_submission_files')
    .select(['user_id'])
    .where('assignment_task_id', '=', taskId)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
}

export function findAssignmentById(db: Executor, id: number): Promise<AssignmentRow | undefined> {
  return db.selectFrom('assignments').selectAll().where('id', '=', id).executeTakeFirst();
}
