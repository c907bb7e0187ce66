/**
 * The assignment grade object, as returned by GET/POST `…/submissions/{user_id}/grade`, computed from
 * the assignment's current tasks and one learner's task submissions. Only raw points are ever stored;
 * every display format is derived here when read, so editing a task's maximum changes how old grades read.
 */
import {
  DEFAULT_GRADING_TYPE,
  displayGrade,
  letterGrade,
  passingThreshold,
  percentageDisplay,
} from './grade-scales.ts';
import { formatFixed, roundHalfEven } from './rounding.ts';
import type { GradingType, TaskType } from './types.ts';

export interface GradeTask {
  id: number;
  uuid: string;
  title: string;
  description: string;
  type: TaskType;
  max_grade_value: number | null;
}

export interface GradeTaskSubmission {
  task_id: number;
  grade: number | null;
  feedback: string | null;
  manually_graded: boolean;
}

/** The grade object without the per-task breakdown (also used for `grade_display` in submission lists). */
export interface GradeSummary {
  /** Raw points, clamped to 0..max_grade. */
  grade: number;
  max_grade: number;
  /** 0..100 with two decimals. */
  percentage: number;
  display_grade: string;
  letter_grade: string;
  /** "<grade>/<max> pts" */
  points_summary: string;
  /** "<percentage:.2f>%" */
  percentage_display: string;
  passed: boolean;
  passing_threshold: number;
  grading_type: string;
  overall_feedback: string | null;
}

export interface TaskGradeRow {
  /** 1-based position in task id order. */
  index: number;
  assignment_task_uuid: string;
  title: string;
  description: string;
  assignment_type: TaskType;
  /** Whether the learner has a submission row for this task. */
  submitted: boolean;
  /** Raw points as stored (not clamped). */
  grade: number;
  max_grade: number;
  /** Two decimals, clamped to 0..100. */
  percentage: number;
  /** "<percentage:.0f>%" */
  percentage_display: string;
  /** "<grade>/<max>" (no "pts") */
  points_summary: string;
  /** Against the assignment's pass mark. */
  passed: boolean;
  feedback: string | null;
  manually_graded: boolean;
}

export interface GradeObject extends GradeSummary {
  tasks: TaskGradeRow[];
}

export interface GradeInput {
  tasks: readonly GradeTask[];
  submissions: readonly GradeTaskSubmission[];
  grading_type: GradingType | null;
  overall_feedback: string | null;
  /**
   * Raw points to present. Defaults to the sum of the submitted task grades (the finalise path);
   * GET …/grade passes the stored user-submission grade instead.
   */
  raw_grade?: number;
}

/** max_grade: the sum of the maxima of all current tasks. */
export function maxGradeOf(tasks: readonly GradeTask[]): number {
  return tasks.reduce((sum, task) => sum + (task.max_grade_value ?? 0), 0);
}

/** Each current task's submission; with several rows for one task, the last one wins. */
function submissionsByTask(
  tasks: readonly GradeTask[],
  submissions: readonly GradeTaskSubmission[],
): Map<number, GradeTaskSubmission> {
  const taskIds = new Set(tasks.map((task) => task.id));
  const byTask = new Map<number, GradeTaskSubmission>();
  for (const submission of submissions) {
    if (taskIds.has(submission.task_id)) byTask.set(submission.task_id, submission);
  }
  return byTask;
}

/** raw_grade: the sum of the grades of the learner's submissions to current tasks; a task without one adds 0. */
export function rawGradeOf(tasks: readonly GradeTask[], submissions: readonly GradeTaskSubmission[]): number {
  let sum = 0;
  for (const submission of submissionsByTask(tasks, submissions).values()) sum += submission.grade ?? 0;
  return sum;
}

export function summarizeGrade(
  rawGrade: number,
  maxGrade: number,
  gradingType: GradingType | null,
  overallFeedback: string | null,
): GradeSummary {
  const max = Math.max(maxGrade, 0);
  const grade = Math.max(Math.min(rawGrade, max), 0);
  const percentage = max > 0 ? roundHalfEven((grade / max) * 100, 2) : 0;
  const type: string = gradingType || DEFAULT_GRADING_TYPE;
  const threshold = passingThreshold(type);
  const passed = percentage >= threshold;
  return {
    grade,
    max_grade: max,
    percentage,
    display_grade: displayGrade(type, percentage, passed),
    letter_grade: letterGrade(percentage),
    points_summary: `${grade}/${max} pts`,
    percentage_display: percentageDisplay(percentage),
    passed,
    passing_threshold: threshold,
    grading_type: type,
    overall_feedback: overallFeedback,
  };
}

export function buildTaskBreakdown(
  tasks: readonly GradeTask[],
  submissions: readonly GradeTaskSubmission[],
  threshold: number,
): TaskGradeRow[] {
  const byTask = submissionsByTask(tasks, submissions);
  return [...tasks]
    .sort((a, b) => a.id - b.id)
    .map((task, position) => {
      const submission = byTask.get(task.id);
      const max = task.max_grade_value ?? 0;
      const grade = submission?.grade ?? 0;
      const unclamped = max > 0 ? roundHalfEven((grade / max) * 100, 2) : 0;
      const percentage = Math.max(Math.min(unclamped, 100), 0);
      return {
        index: position + 1,
        assignment_task_uuid: task.uuid,
        title: task.title,
        description: task.description,
        assignment_type: task.type,
        submitted: submission !== undefined,
        grade,
        max_grade: max,
        percentage,
        percentage_display: `${formatFixed(percentage, 0)}%`,
        points_summary: `${grade}/${max}`,
        passed: percentage >= threshold,
        feedback: submission ? submission.feedback : null,
        manually_graded: submission?.manually_graded ?? false,
      };
    });
}

export function buildGradeObject(input: GradeInput): GradeObject {
  const rawGrade = input.raw_grade ?? rawGradeOf(input.tasks, input.submissions);
  const summary = summarizeGrade(
    rawGrade,
    maxGradeOf(input.tasks),
    input.grading_type,
    input.overall_feedback,
  );
  return { ...summary, tasks: buildTaskBreakdown(input.tasks, input.submissions, summary.passing_threshold) };
}

/** The POST …/grade response: the grade object plus its confirmation message. */
export function withGradedMessage<T extends GradeSummary>(grade: T): T & { message: string } {
  return { ...grade, message: `Assignment User Submission graded: ${grade.display_grade}` };
}
