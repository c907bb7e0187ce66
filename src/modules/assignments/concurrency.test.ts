/** Simultaneous requests for one learner create one row each, never two (both databases). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentWithTasks, caller, SHORT_ANSWER_CONTENTS } from '../../../test/assignment-factories.ts';
import { createApiToken, outboxEvents } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('concurrent submissions', () => {
  it('two final submissions at once: one row, one event, the other refused', async () => {
    for (let round = 0; round < 3; round++) {
      const { uuid, learner, org, assignment } = await assignmentWithTasks(t, [{ type: 'OTHER' }]);
      const asLearner = caller(t, learner.headers);
      const responses = await Promise.all([
        asLearner('POST', `/${uuid}/submissions`),
        asLearner('POST', `/${uuid}/submissions`),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = responses.find((r) => r.statusCode === 400);
      expect(refused?.json()).toEqual({ detail: 'Assignment User Submission already exists' });
      const rows = await t.db
        .selectFrom('assignment_user_submissions')
        .select('id')
        .where('assignment_id', '=', assignment.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect((await outboxEvents(t, 'assignment_submitted')).filter((e) => e.org_id === org.id)).toHaveLength(
        1,
      );
      expect((await outboxEvents(t, 'activity_completed')).filter((e) => e.org_id === org.id)).toHaveLength(
        1,
      );
    }
  });

  it('two first answers at once: one row, both saves succeed', async () => {
    const { uuid, tasks, learner, org } = await assignmentWithTasks(t, [
      { type: 'SHORT_ANSWER', contents: SHORT_ANSWER_CONTENTS },
    ]);
    const token = await createApiToken(t, org, { assignments: { action_create: true } });
    const asToken = caller(t, token.headers);
    const path = `/${uuid}/tasks/${tasks[0].assignment_task_uuid}/submissions?on_behalf_of_user_id=${learner.user.id}`;
    const responses = await Promise.all(
      ['one', 'two', 'three'].map((answer) => asToken('PUT', path, { task_submission: { answer } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((r) => r.json().assignment_task_submission_uuid)).size).toBe(1);
    const rows = await t.db
      .selectFrom('assignment_task_submissions')
      .select('id')
      .where('user_id', '=', learner.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
