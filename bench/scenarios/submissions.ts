import { createActivity } from '../../src/modules/activities/service.ts';
import { createTokenAsOperator } from '../../src/modules/api-tokens/service.ts';
import { createAssignment, createTask } from '../../src/modules/assignments/authoring.ts';
import { createChapter } from '../../src/modules/chapters/service.ts';
import { createCourse, updateCourse } from '../../src/modules/courses/service.ts';
import { ROLE_USER } from '../../src/modules/roles/global-roles.ts';
import { addMember } from '../../src/modules/roles/service.ts';
import { createUser } from '../../src/modules/users/service.ts';
import { freshDataDir, type LoadOptions, measure, startApp, startCeiling, warmUp } from '../harness.ts';
import { ratio, type ScenarioReport } from '../report.ts';
import { adminPrincipal, benchEnv, withSeedContext } from '../seed-context.ts';

const LEARNERS = 500;
const ORG_ID = 1;

interface Seeded {
  path: string;
  token: string;
  learnerIds: number[];
}

async function seed(dataDir: string): Promise<Seeded> {
  return withSeedContext(dataDir, async (ctx) => {
    const db = ctx.database.db;
    const principal = await adminPrincipal(ctx);
    const course = await createCourse(ctx, principal, ORG_ID, {
      name: 'Benchmark course',
      description: '',
      about: '',
      public: false,
    });
    await updateCourse(ctx, principal, course.course_uuid, { published: true });
    const { chapter } = await createChapter(ctx, principal, {
      name: 'Week 1',
      course_id: course.id,
      org_id: ORG_ID,
    });
    const { activity } = await createActivity(ctx, principal, {
      name: 'Homework',
      chapter_id: chapter.id,
      activity_type: 'TYPE_ASSIGNMENT',
      activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
      published: true,
    });
    const assignment = await createAssignment(ctx, principal, {
      title: 'Homework',
      description: '',
      grading_type: 'PERCENTAGE',
      due_date: '',
      org_id: ORG_ID,
      course_id: course.id,
      chapter_id: chapter.id,
      activity_id: activity.id,
    });
    const contents = {
      prompt: 'Largest planet?',
      correct_answers: ['Jupiter'],
      match_mode: 'case_insensitive',
    };
    const task = await createTask(ctx, principal, assignment.assignment_uuid, {
      fields: { title: 'Q1', description: '', hint: '', assignment_type: 'SHORT_ANSWER', contents },
      contentsText: JSON.stringify(contents),
    });
    const learnerIds: number[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const learner = await createUser(
        ctx,
        db,
        { username: `learner${i}`, email: `learner${i}@bench.test`, password: '' },
        { signupMethod: 'email', emailVerified: true, enforcePasswordPolicy: false },
      );
      await addMember(db, learner.id, ORG_ID, ROLE_USER.id);
      learnerIds.push(learner.id);
    }
    const { value } = await createTokenAsOperator(db, ORG_ID, principal.id, 'bench submissions', {
      assignments: { action_create: true },
    });
    return {
      path: `/api/v1/assignments/${assignment.assignment_uuid}/tasks/${task.assignment_task_uuid}/submissions`,
      token: value,
      learnerIds,
    };
  });
}

export const submissions = {
  name: 'submissions',
  description:
    'On-behalf answer saves (`PUT …/tasks/{t}/submissions?on_behalf_of_user_id=`, API token, a different learner per request from 500) next to a bare `PUT /small` reading the same JSON body.',
  async run(): Promise<ScenarioReport> {
    const dataDir = freshDataDir();
    const { path, token, learnerIds } = await seed(dataDir);
    const app = await startApp(benchEnv(dataDir));
    const ceiling = await startCeiling();
    try {
      const body = JSON.stringify({ task_submission: { answer: 'Jupiter' } });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      let next = 0;
      const saves: LoadOptions = {
        url: app.url,
        method: 'PUT',
        headers,
        body,
        requests: [
          {
            method: 'PUT',
            setupRequest: (request) => ({
              ...request,
              path: `${path}?on_behalf_of_user_id=${learnerIds[next++ % learnerIds.length]}`,
            }),
          },
        ],
      };
      const bare: LoadOptions = { url: `${ceiling.url}/small`, method: 'PUT', headers, body };
      await warmUp(saves);
      await warmUp(bare);
      const saved = await measure('PUT …/tasks/{t}/submissions (token, on behalf)', saves);
      const ceilingResult = await measure('ceiling: bare PUT /small, same body', bare);
      return {
        scenario: 'submissions',
        description: submissions.description,
        rows: [saved, ceilingResult],
        notes: [
          `on-behalf saves reach ${ratio(saved.requestsPerSecond, ceilingResult.requestsPerSecond)} of the ceiling`,
        ],
      };
    } finally {
      await app.stop();
      await ceiling.stop();
    }
  },
};
