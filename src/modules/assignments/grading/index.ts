/**
 * Pure grading for assignments: per-task auto-grading, server verification, the overall grade object,
 * and answer-key stripping for learners. No database and no HTTP routes; the assignments service
 * loads rows, calls these, and stores what they return.
 */
export { stripAnswerKeys } from './answer-keys.ts';
export { type CodeRunInput, type CodeRunner, type CodeRunResult, normalizeProgramOutput } from './code.ts';
export { type GradableTask, type GradingContext, gradeTask, type TaskGradeResult } from './grade-task.ts';
export {
  createJudge0Runner,
  JUDGE0_TIMEOUT_MS,
  type Judge0RunnerOptions,
  Judge0Unavailable,
} from './judge0-client.ts';
export {
  buildGradeObject,
  buildTaskBreakdown,
  type GradeInput,
  type GradeObject,
  type GradeSummary,
  type GradeTask,
  type GradeTaskSubmission,
  maxGradeOf,
  rawGradeOf,
  summarizeGrade,
  type TaskGradeRow,
  withGradedMessage,
} from './overall-grade.ts';
export {
  type StoredTaskSubmission,
  VERIFIED_CORRECT_FEEDBACK,
  VERIFIED_INCORRECT_FEEDBACK,
  type VerifiedGrade,
  verifyTaskSubmission,
} from './server-verification.ts';
export {
  AUTO_GRADABLE_TASK_TYPES,
  GRADING_TYPES,
  type GradingType,
  isAutoGradable,
  TASK_TYPES,
  type TaskType,
} from './types.ts';
