/**
 * Authoring: an assignment belongs to one TYPE_ASSIGNMENT activity, and the four ids given at
 * creation must agree (the activity is linked into that chapter of that course of that
 * organization). Tasks carry caller-owned `contents`, stored as the exact JSON text sent.
 * Deleting an assignment or task also removes its files (after the rows are gone).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { isUniqueViolation } from '../../core/db/driver-errors.ts';
import { conflict, invalid, notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { findActivitiesByIds, findActivityById, getActivityOr404 } from '../activities/service.ts';
import { findActivityLink, getChapterOr404 } from '../chapters/service.ts';
import { type CourseRow, getCourseByIdOr404, getCourseOr404 } from '../courses/service.ts';
import { authorizeEdit, authorizeRead, isAssignmentOpen, requireAssignmentOpen } from './access.ts';
import { seesAnswerKeys, visibleJson } from './answer-visibility.ts';
import { isValidDueDate } from './due-date.ts';
import {
  ASSIGNMENT_NOT_FOUND,
  assignmentFolder,
  loadAssignment,
  loadTask,
  TASK_NOT_FOUND,
  taskFolder,
} from './lookups.ts';
import { toAssignmentRead, toTaskRead } from './present.ts';
import * as queries from './queries.ts';
import type { AssignmentCreate, AssignmentUpdate, TaskCreate, TaskUpdate } from './schemas.ts';

const ONE_PER_ACTIVITY = 'This activity already has an assignment';

function assertDueDate(dueDate: string | null | undefined): void {
  if (dueDate && !isValidDueDate(dueDate)) {
    throw invalid(
      ['body', 'due_date'],
      "due_date must be '', YYYY-MM-DD or an ISO 8601 date and time",
      dueDate,
      'date_parsing',
    );
  }
}

async function presentAssignment(db: Executor, assignment: queries.AssignmentRow, course: CourseRow) {
  const activity = await findActivityById(db, assignment.activity_id);
  return toAssignmentRead(assignment, {
    courseUuid: course.course_uuid,
    activityUuid: activity?.activity_uuid ?? null,
  });
}

/** The activity must be an assignment activity linked into the given chapter of the given course. */
async function assignableActivity(db: Executor, input: Static<typeof AssignmentCreate>, course: CourseRow) {
  if (course.org_id !== input.org_id)
    throw invalid(['body', 'org_id'], 'org_id is not the organization of this course', input.org_id);
  const chapter = await getChapterOr404(db, input.chapter_id);
  if (chapter.course_id !== course.id)
    throw invalid(['body', 'chapter_id'], 'The chapter is not part of this course', input.chapter_id);
  const activity = await findActivityById(db, input.activity_id);
  if (!activity) throw notFound('Activity not found');
  if (activity.activity_type !== 'TYPE_ASSIGNMENT')
    throw invalid(
      ['body', 'activity_id'],
      'The activity is not an assignment activity (TYPE_ASSIGNMENT)',
      input.activity_id,
    );
  const link = await findActivityLink(db, activity.id);
  if (activity.course_id !== course.id || link?.chapter_id !== chapter.id)
    throw invalid(['body', 'activity_id'], 'The activity is not in this chapter', input.activity_id);
  if (await queries.findAssignmentOfActivity(db, activity.id)) throw conflict(ONE_PER_ACTIVITY);
  return activity;
}

export async function createAssignment(
  ctx: AppContext,
  principal: Principal,
  input: Static<typeof AssignmentCreate>,
) {
  assertDueDate(input.due_date);
  try {
    return await ctx.database.db.transaction().execute(async (trx) => {
      const course = await getCourseByIdOr404(trx, input.course_id);
      await authorizeEdit(trx, principal, course, 'create');
      const activity = await assignableActivity(trx, input, course);
      const now = formatDateTime();
      const assignment = await queries.insertAssignment(trx, {
        assignment_uuid: prefixedUuid('assignment'),
        title: input.title,
        description: input.description,
        due_date: input.due_date?.trim() ?? '',
        published: input.published ?? false,
        grading_type: input.grading_type,
        auto_grading: input.auto_grading ?? false,
        anti_copy_paste: input.anti_copy_paste ?? false,
        show_correct_answers: input.show_correct_answers ?? false,
        allow_retries: input.allow_retries ?? false,
        max_retries: input.max_retries ?? 0,
        org_id: course.org_id,
        course_id: course.id,
        chapter_id: input.chapter_id,
        activity_id: activity.id,
        creation_date: now,
        update_date: now,
      });
      return toAssignmentRead(assignment, {
        courseUuid: course.course_uuid,
        activityUuid: activity.activity_uuid,
      });
    });
  } catch (error) {
    // Two creations for one activity at once: the unique activity_id lets one through.
    if (isUniqueViolation(error)) throw conflict(ONE_PER_ACTIVITY);
    throw error;
  }
}

export async function readAssignment(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  if (!caller.instructor) await requireAssignmentOpen(db, principal, assignment, course);
  return presentAssignment(db, assignment, course);
}

async function assignmentOfActivity(db: Executor, activityUuid: string) {
  const activity = await getActivityOr404(db, activityUuid);
  const course = await getCourseByIdOr404(db, activity.course_id);
  return { course, find: () => queries.findAssignmentOfActivity(db, activity.id) };
}

export async function readAssignmentOfActivity(ctx: AppContext, principal: Principal, activityUuid: string) {
  const db = ctx.database.db;
  const { course, find } = await assignmentOfActivity(db, activityUuid);
  const caller = await authorizeRead(db, principal, course);
  const assignment = await find();
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  if (!caller.instructor) await requireAssignmentOpen(db, principal, assignment, course);
  return presentAssignment(db, assignment, course);
}

export async function listCourseAssignments(ctx: AppContext, principal: Principal, courseUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  const caller = await authorizeRead(db, principal, course);
  const all = await queries.listAssignmentsOfCourse(db, course.id);
  const assignments = [];
  for (const assignment of all) {
    if (caller.instructor || (await isAssignmentOpen(db, principal, assignment, course)))
      assignments.push(assignment);
  }
  const activities = await findActivitiesByIds(
    db,
    assignments.map((a) => a.activity_id),
  );
  const activityUuids = new Map(activities.map((a) => [a.id, a.activity_uuid]));
  return assignments.map((assignment) =>
    toAssignmentRead(assignment, {
      courseUuid: course.course_uuid,
      activityUuid: activityUuids.get(assignment.activity_id) ?? null,
    }),
  );
}

export async function updateAssignment(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  input: Static<typeof AssignmentUpdate>,
) {
  assertDueDate(input.due_date);
  return ctx.database.db.transaction().execute(async (trx) => {
    const { assignment, course } = await loadAssignment(trx, assignmentUuid);
    await authorizeEdit(trx, principal, course, 'update');
    const updated = await queries.updateAssignment(trx, assignment.id, {
      title: input.title ?? assignment.title,
      description: input.description ?? assignment.description,
      due_date: input.due_date?.trim() ?? assignment.due_date,
      published: input.published ?? assignment.published,
      grading_type: input.grading_type ?? assignment.grading_type,
      auto_grading: input.auto_grading ?? assignment.auto_grading,
      anti_copy_paste: input.anti_copy_paste ?? assignment.anti_copy_paste,
      show_correct_answers: input.show_correct_answers ?? assignment.show_correct_answers,
      allow_retries: input.allow_retries ?? assignment.allow_retries,
      max_retries: input.max_retries ?? assignment.max_retries,
      update_date: formatDateTime(),
    });
    return presentAssignment(trx, updated, course);
  });
}

/** Removes a folder of files once the rows that named them are gone; a failure is logged, not raised. */
async function removeFiles(ctx: AppContext, folder: string): Promise<void> {
  try {
    await ctx.storage.deletePrefix(folder);
  } catch (error) {
    ctx.logger.error({ err: error, folder }, 'could not delete the files of a deleted assignment or task');
  }
}

async function deleteWithFiles(ctx: AppContext, assignment: queries.AssignmentRow, course: CourseRow) {
  const folder = await assignmentFolder(ctx.database.db, course, assignment);
  await queries.deleteAssignment(ctx.database.db, assignment.id);
  await removeFiles(ctx, folder);
}

export async function deleteAssignment(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  await authorizeEdit(db, principal, course, 'delete');
  await deleteWithFiles(ctx, assignment, course);
}

/** The product's second way in: the assignment of an activity (the activity itself stays). */
export async function deleteAssignmentOfActivity(
  ctx: AppContext,
  principal: Principal,
  activityUuid: string,
) {
  const db = ctx.database.db;
  const { course, find } = await assignmentOfActivity(db, activityUuid);
  await authorizeEdit(db, principal, course, 'delete');
  const assignment = await find();
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  await deleteWithFiles(ctx, assignment, course);
}

// --- tasks ---

export interface TaskInput<S extends TSchema> {
  fields: Static<S>;
  /** The JSON text of `contents` exactly as sent; undefined when none was sent (or null). */
  contentsText: string | undefined;
}

export async function createTask(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  { fields, contentsText }: TaskInput<typeof TaskCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { assignment, course } = await loadAssignment(trx, assignmentUuid);
    await authorizeEdit(trx, principal, course, 'create');
    const now = formatDateTime();
    const task = await queries.insertTask(trx, {
      assignment_task_uuid: prefixedUuid('assignmenttask'),
      assignment_id: assignment.id,
      title: fields.title,
      description: fields.description,
      hint: fields.hint,
      reference_file: fields.reference_file ?? null,
      assignment_type: fields.assignment_type,
      contents: contentsText ?? '{}',
      max_grade_value: fields.max_grade_value ?? 100,
      creation_date: now,
      update_date: now,
    });
    return toTaskRead(task, visibleJson(task.assignment_type, task.contents, true));
  });
}

export async function listTasks(ctx: AppContext, principal: Principal, assignmentUuid: string) {
  const db = ctx.database.db;
  const { assignment, course } = await loadAssignment(db, assignmentUuid);
  const caller = await authorizeRead(db, principal, course);
  if (!caller.instructor) await requireAssignmentOpen(db, principal, assignment, course);
  const showKeys = await seesAnswerKeys(db, principal, caller.instructor, assignment);
  const tasks = await queries.listTasks(db, assignment.id);
  return tasks.map((task) => toTaskRead(task, visibleJson(task.assignment_type, task.contents, showKeys)));
}

export async function readTask(ctx: AppContext, principal: Principal, taskUuid: string) {
  const db = ctx.database.db;
  const task = await queries.findTaskByUuid(db, taskUuid);
  if (!task) throw notFound(TASK_NOT_FOUND);
  const assignment = await queries.findAssignmentById(db, task.assignment_id);
  if (!assignment) throw notFound(TASK_NOT_FOUND);
  const course = await getCourseByIdOr404(db, assignment.course_id);
  const caller = await authorizeRead(db, principal, course);
  if (!caller.instructor) await requireAssignmentOpen(db, principal, assignment, course);
  const showKeys = await seesAnswerKeys(db, principal, caller.instructor, assignment);
  return toTaskRead(task, visibleJson(task.assignment_type, task.contents, showKeys));
}

export async function updateTask(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
  { fields, contentsText }: TaskInput<typeof TaskUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { course, task } = await loadTask(trx, assignmentUuid, taskUuid);
    await authorizeEdit(trx, principal, course, 'update');
    const updated = await queries.updateTask(trx, task.id, {
      title: fields.title ?? task.title,
      description: fields.description ?? task.description,
      hint: fields.hint ?? task.hint,
      assignment_type: fields.assignment_type ?? task.assignment_type,
      // A new `contents` replaces the old one whole (no merge), as in the product.
      contents: contentsText ?? task.contents,
      max_grade_value: fields.max_grade_value ?? task.max_grade_value,
      update_date: formatDateTime(),
    });
    return toTaskRead(updated, visibleJson(updated.assignment_type, updated.contents, true));
  });
}

export async function deleteTask(
  ctx: AppContext,
  principal: Principal,
  assignmentUuid: string,
  taskUuid: string,
) {
  const db = ctx.database.db;
  const { assignment, course, task } = await loadTask(db, assignmentUuid, taskUuid);
  await authorizeEdit(db, principal, course, 'delete');
  const folder = await taskFolder(db, course, assignment, task);
  await queries.deleteTask(db, task.id);
  await removeFiles(ctx, folder);
}
