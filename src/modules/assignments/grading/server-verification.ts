/**
 * Server verification, run on every grading pass before the overall grade is summed: the grade of an
 * auto-gradable task is recomputed from the stored answer, whatever grade the client posted. A row a
 * teacher graded by hand (`manually_graded`) is left alone, so the teacher's override wins.
 */
import { type GradableTask, type GradingContext, gradeTask } from './grade-task.ts';

export const VERIFIED_CORRECT_FEEDBACK = 'Server-verified: correct';
export const VERIFIED_INCORRECT_FEEDBACK = 'Server-verified: incorrect';

export interface StoredTaskSubmission {
  /** The learner's stored answer. */
  task_submission: unknown;
  grade: number | null;
  manually_graded: boolean;
}

export interface VerifiedGrade {
  grade: number;
  feedback: string;
}

/**
 * The grade and feedback to store on this task submission, or null when the row stays as it is:
 * manually graded, not auto-gradable, CODE result unknown, or the recomputed grade equals the stored one.
 * Feedback says "correct" for any grade above 0, partial quiz or form credit included.
 */
export async function verifyTaskSubmission(
  task: GradableTask,
  stored: StoredTaskSubmission,
  context: GradingContext = {},
): Promise<VerifiedGrade | null> {
  if (stored.manually_graded) return null;
  const grade = await gradeTask(task, stored.task_submission, context);
  if (typeof grade !== 'number' || grade === (stored.grade ?? 0)) return null;
  return { grade, feedback: grade > 0 ? VERIFIED_CORRECT_FEEDBACK : VERIFIED_INCORRECT_FEEDBACK };
}
