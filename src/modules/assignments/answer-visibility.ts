/**
 * Answer keys are for instructors. Learners get task contents (and their own answers, which
 * the web client builds from the contents) without them, unless the assignment shows correct
 * answers and this learner has submitted. Instructors and tokens holding `assignments.read`
 * see everything. Contents without keys (CUSTOM, FILE_SUBMISSION, OTHER) are never touched.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/events/emit.ts';
import { RawJson } from '../../core/http/raw-json.ts';
import { tokenHolds } from './access.ts';
import { isAutoGradable, stripAnswerKeys, type TaskType } from './grading/index.ts';
import { type AssignmentRow, findUserSubmission } from './queries.ts';
import type { SubmissionStatus } from './tables.ts';

const HAS_SUBMITTED: readonly SubmissionStatus[] = ['SUBMITTED', 'GRADED', 'LATE'];

export function hasSubmitted(status: SubmissionStatus | undefined): boolean {
  return status !== undefined && HAS_SUBMITTED.includes(status);
}

/** May this caller see the answer keys of this assignment? `instructor`: may edit the course. */
export async function seesAnswerKeys(
  db: Executor,
  principal: Principal,
  instructor: boolean,
  assignment: AssignmentRow,
): Promise<boolean> {
  if (principal.kind === 'token') return tokenHolds(principal, assignment.org_id, 'read');
  if (instructor) return true;
  if (principal.kind !== 'user' || !assignment.show_correct_answers) return false;
  const own = await findUserSubmission(db, assignment.id, principal.id);
  return hasSubmitted(own?.submission_status);
}

/**
 * Stored JSON text as the caller may see it: as stored (spliced in unparsed), or without
 * the keys of `type` (the types that are graded from keys in their contents).
 */
export function visibleJson(type: string, stored: string, showKeys: boolean): RawJson | unknown {
  if (showKeys || !isAutoGradable(type as TaskType)) return new RawJson(stored);
  return stripAnswerKeys(type as TaskType, JSON.parse(stored));
}
