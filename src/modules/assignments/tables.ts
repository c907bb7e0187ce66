import type { Generated } from 'kysely';

/** One assignment per TYPE_ASSIGNMENT activity. `due_date` is kept as sent ('' = no deadline). */
export interface AssignmentsTable {
  id: Generated<number>;
  assignment_uuid: string;
  title: string;
  description: string;
  due_date: string;
  published: boolean;
  grading_type: string;
  auto_grading: boolean;
  anti_copy_paste: boolean;
  show_correct_answers: boolean;
  allow_retries: boolean;
  /** Total attempts allowed; 0 = the deployment's MAX_ASSIGNMENT_ATTEMPTS. */
  max_retries: number;
  org_id: number;
  course_id: number;
  /** The chapter the activity was in when the assignment was created (not kept in sync with reordering). */
  chapter_id: number;
  activity_id: number;
  creation_date: string;
  update_date: string;
}

export interface AssignmentTasksTable {
  id: Generated<number>;
  assignment_task_uuid: string;
  assignment_id: number;
  title: string;
  description: string;
  hint: string;
  reference_file: string | null;
  assignment_type: string;
  /** JSON object text, byte for byte as the client sent it. */
  contents: string;
  max_grade_value: number;
  creation_date: string;
  update_date: string;
}

/** A learner's answer to one task; one row per (task, user). */
export interface AssignmentTaskSubmissionsTable {
  id: Generated<number>;
  assignment_task_submission_uuid: string;
  assignment_task_id: number;
  assignment_id: number;
  user_id: number;
  /** JSON object text, byte for byte as the client sent it. */
  task_submission: string;
  /** Raw points on the task's own scale. */
  grade: number;
  task_submission_grade_feedback: string;
  /** A teacher set the grade by hand: server verification leaves the row alone. */
  manually_graded: boolean;
  assignment_type: string;
  creation_date: string;
  update_date: string;
}

export type SubmissionStatus = 'PENDING' | 'SUBMITTED' | 'GRADED' | 'LATE' | 'NOT_SUBMITTED';

/** A learner's submission of the whole assignment; one row per (assignment, user). */
export interface AssignmentUserSubmissionsTable {
  id: Generated<number>;
  assignment_user_submission_uuid: string;
  assignment_id: number;
  user_id: number;
  submission_status: SubmissionStatus;
  /** Raw summed points, clamped to 0..max when graded; displays are derived when read. */
  grade: number;
  overall_feedback: string | null;
  attempt_number: number;
  /** Submitted after the due date (only instructors and tokens acting for a learner can). Survives grading. */
  late: boolean;
  creation_date: string;
  update_date: string;
}

/** Files learners uploaded for a task (`…/tasks/<task>/subs/<file_name>`): who may read each one. */
export interface AssignmentSubmissionFilesTable {
  id: Generated<number>;
  assignment_task_id: number;
  user_id: number;
  file_name: string;
  creation_date: string;
}

export interface AssignmentTables {
  assignments: AssignmentsTable;
  assignment_tasks: AssignmentTasksTable;
  assignment_task_submissions: AssignmentTaskSubmissionsTable;
  assignment_user_submissions: AssignmentUserSubmissionsTable;
  assignment_submission_files: AssignmentSubmissionFilesTable;
}
