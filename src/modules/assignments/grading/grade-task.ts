/**
 * One entry point for grading a task answer on the server: dispatches on the task type to its grader.
 * FILE_SUBMISSION, OTHER and CUSTOM are never graded here ('not auto-gradable'); CODE may be 'unknown'
 * when no code runner is configured or reachable. In both cases the caller keeps the stored grade.
 */
import { type CodeRunner, gradeCode } from './code.ts';
import { gradeForm } from './form.ts';
import { gradeNumberAnswer } from './number-answer.ts';
import { gradeQuiz } from './quiz.ts';
import { gradeShortAnswer } from './short-answer.ts';
import type { TaskType } from './types.ts';

export type TaskGradeResult = number | 'unknown' | 'not auto-gradable';

export interface GradableTask {
  type: TaskType;
  /** The teacher's task definition (`contents`). */
  contents: unknown;
  max_grade_value: number | null;
}

export interface GradingContext {
  /** Runs CODE test cases; leave undefined when no Judge0 is configured. */
  codeRunner?: CodeRunner;
}

/** Grades the learner's answer (`task_submission`) to `task`, in points on the task's own scale. */
export async function gradeTask(
  task: GradableTask,
  taskSubmission: unknown,
  context: GradingContext = {},
): Promise<TaskGradeResult> {
  const taskMax = Math.trunc(task.max_grade_value ?? 0);
  switch (task.type) {
    case 'QUIZ':
      return gradeQuiz(task.contents, taskSubmission, taskMax);
    case 'FORM':
      return gradeForm(task.contents, taskSubmission, taskMax);
    case 'SHORT_ANSWER':
      return gradeShortAnswer(task.contents, taskSubmission, taskMax);
    case 'NUMBER_ANSWER':
      return gradeNumberAnswer(task.contents, taskSubmission, taskMax);
    case 'CODE':
      return gradeCode(task.contents, taskSubmission, taskMax, context.codeRunner);
    default:
      return 'not auto-gradable';
  }
}
