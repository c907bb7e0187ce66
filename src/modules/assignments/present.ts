/**
 * Rows as the API shows them, every field named. Task `contents` and learners'
 * `task_submission` arrive as RawJson (stored text spliced in unparsed, byte for byte) or as
 * a parsed object without answer keys; responses holding them go out through serializeWithRaw.
 */
import type { Static } from '@sinclair/typebox';
import type { GradeSummary as GradeSummaryValue } from './grading/index.ts';
import type { AssignmentRow, TaskRow, TaskSubmissionRow, UserSubmissionRow } from './queries.ts';
import type { AssignmentRead, GradeSummary, UserSubmissionListItem, UserSubmissionRead } from './schemas.ts';

export function toAssignmentRead(
  row: AssignmentRow,
  uuids: { courseUuid: string | null; activityUuid: string | null },
): Static<typeof AssignmentRead> {
  return {
    id: row.id,
    assignment_uuid: row.assignment_uuid,
    title: row.title,
    description: row.description,
    due_date: row.due_date,
    published: row.published,
    grading_type: row.grading_type as Static<typeof AssignmentRead>['grading_type'],
    auto_grading: row.auto_grading,
    anti_copy_paste: row.anti_copy_paste,
    show_correct_answers: row.show_correct_answers,
    allow_retries: row.allow_retries,
    max_retries: row.max_retries,
    org_id: row.org_id,
    course_id: row.course_id,
    chapter_id: row.chapter_id,
    activity_id: row.activity_id,
    course_uuid: uuids.courseUuid,
    activity_uuid: uuids.activityUuid,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

/** A task; `contents` as the caller may see it (see answer-visibility.ts). */
export function toTaskRead(row: TaskRow, contents: unknown) {
  return {
    id: row.id,
    assignment_task_uuid: row.assignment_task_uuid,
    title: row.title,
    description: row.description,
    hint: row.hint,
    reference_file: row.reference_file,
    assignment_type: row.assignment_type,
    contents,
    max_grade_value: row.max_grade_value,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

/** A learner's answer to a task; `taskSubmission` as the caller may see it. */
export function toTaskSubmissionRead(
  row: TaskSubmissionRow,
  assignment: AssignmentRow,
  taskSubmission: unknown,
) {
  return {
    id: row.id,
    assignment_task_submission_uuid: row.assignment_task_submission_uuid,
    task_submission: taskSubmission,
    grade: row.grade,
    task_submission_grade_feedback: row.task_submission_grade_feedback,
    manually_graded: row.manually_graded,
    assignment_type: row.assignment_type,
    user_id: row.user_id,
    activity_id: assignment.activity_id,
    course_id: assignment.course_id,
    chapter_id: assignment.chapter_id,
    assignment_task_id: row.assignment_task_id,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

export function toUserSubmissionRead(row: UserSubmissionRow): Static<typeof UserSubmissionRead> {
  return {
    id: row.id,
    submission_status: row.submission_status,
    grade: row.grade,
    overall_feedback: row.overall_feedback,
    attempt_number: row.attempt_number,
    late: row.late,
    user_id: row.user_id,
    assignment_id: row.assignment_id,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

/** A list entry: the row plus `grade_display` (the grade without tasks or feedback) once graded. */
export function toUserSubmissionListItem(
  row: UserSubmissionRow,
  summary: GradeSummaryValue | null,
): Static<typeof UserSubmissionListItem> {
  return { ...toUserSubmissionRead(row), grade_display: summary && toGradeDisplay(summary) };
}

function toGradeDisplay(summary: GradeSummaryValue): Static<typeof GradeSummary> {
  return { ...summary, overall_feedback: null };
}
