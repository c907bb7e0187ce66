/**
 * A bounded mixed workload on PostgreSQL: course reads, listings, course writes (publish
 * toggles that fire events), task saves on behalf of learners, searches, and the events
 * delivered to a loopback receiver by a worker. Reports throughput, p99, errors (must be
 * 0), the API process's RSS growth and the outbox lag at the end (must drain to 0).
 * BENCH_SOAK_SECONDS (default 60) and BENCH_DATABASE_URL tune it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { closeContext, createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/core/config.ts';
import type { AppContext } from '../../src/core/context.ts';
import { createLogger } from '../../src/core/logger.ts';
import { createActivity } from '../../src/modules/activities/service.ts';
import { allTokenRights, createTokenAsOperator } from '../../src/modules/api-tokens/service.ts';
import { createAssignment, createTask } from '../../src/modules/assignments/authoring.ts';
import { createChapter } from '../../src/modules/chapters/service.ts';
import { createCourse, updateCourse } from '../../src/modules/courses/service.ts';
import { ROLE_USER } from '../../src/modules/roles/global-roles.ts';
import { addMember } from '../../src/modules/roles/service.ts';
import { createUser } from '../../src/modules/users/service.ts';
import { startDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.ts';
import { createEndpoint } from '../../src/modules/webhooks/service.ts';
import { freshDataDir, type Measurement, startApp } from '../harness.ts';
import type { ScenarioReport } from '../report.ts';
import { adminPrincipal, BENCH_ADMIN_PASSWORD } from '../seed-context.ts';
import { deliveriesDrained, RECEIVER_HOST, startBenchReceiver } from '../webhook-target.ts';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const LEARNERS = 200;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function rssMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function withSchema<T>(run: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

interface Seeded {
  token: string;
  courseUuid: string;
  submissionPath: string;
  learnerIds: number[];
}

async function seed(ctx: AppContext, receiverUrl: string): Promise<Seeded> {
  const principal = await adminPrincipal(ctx);
  const db = ctx.database.db;
  const course = await createCourse(ctx, principal, 1, {
    name: 'Soak course',
    description: 'soak',
    about: 'a',
    public: true,
  });
  await updateCourse(ctx, principal, course.course_uuid, { published: true });
  let assignmentActivity: { id: number; chapterId: number } | undefined;
  for (let c = 0; c < 5; c++) {
    const { chapter } = await createChapter(ctx, principal, {
      name: `Week ${c + 1}`,
      course_id: course.id,
      org_id: 1,
    });
    for (let a = 0; a < 5; a++) {
      await createActivity(ctx, principal, {
        name: `Reading ${c + 1}.${a + 1}`,
        chapter_id: chapter.id,
        activity_type: 'TYPE_DYNAMIC',
        activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Soak reading '.repeat(100) }] }],
        },
        published: true,
      });
    }
    if (c === 0) {
      const { activity } = await createActivity(ctx, principal, {
        name: 'Homework',
        chapter_id: chapter.id,
        activity_type: 'TYPE_ASSIGNMENT',
        activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
        published: true,
      });
      assignmentActivity = { id: activity.id, chapterId: chapter.id };
    }
  }
  const assignment = await createAssignment(ctx, principal, {
    title: 'Homework',
    description: '',
    grading_type: 'PERCENTAGE',
    due_date: '',
    org_id: 1,
    course_id: course.id,
    chapter_id: assignmentActivity!.chapterId,
    activity_id: assignmentActivity!.id,
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
      {
        username: `soak_${i}`,
        email: `soak_${i}@example.test`,
        password: 'x',
        first_name: 'Soak',
        last_name: `${i}`,
      },
      { signupMethod: 'email', emailVerified: true, enforcePasswordPolicy: false },
    );
    await addMember(db, learner.id, 1, ROLE_USER.id);
    learnerIds.push(learner.id);
  }
  const { value: token } = await createTokenAsOperator(db, 1, principal.id, 'soak', allTokenRights());
  await createEndpoint(ctx, 1, {
    url: `https://${RECEIVER_HOST}:${new URL(receiverUrl).port}/soak`,
    events: ['course_published'],
    createdByUserId: principal.id,
  });
  return {
    token,
    courseUuid: course.course_uuid,
    submissionPath: `/api/v1/assignments/${assignment.assignment_uuid}/tasks/${task.assignment_task_uuid}/submissions`,
    learnerIds,
  };
}

export const soak = {
  name: 'soak',
  onDemand: true,
  description: `A ${SECONDS}-second mixed workload on PostgreSQL (meta and listing reads, publish toggles with webhook deliveries, on-behalf task saves, searches) against one API process, with a delivery worker and a loopback receiver.`,
  async run(): Promise<ScenarioReport> {
    return withSchema(async (schema) => {
      const databaseUrl = new URL(BASE_URL);
      databaseUrl.searchParams.set('options', `-c search_path=${schema},public`);
      const dataDir = freshDataDir();
      const env = {
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // One token searches ~100 times a second here; the per-caller limit (60 a minute by
        // default) would answer most of them with 429. The soak measures the service, not the limit.
        SEARCH_RATE_LIMIT: '1000000',
      };
      const receiver = await startBenchReceiver();
      const ctx = await createContext(loadConfig(env), {
        logger: createLogger('warn'),
        outboundNetwork: receiver.network,
      });
      const seeded = await seed(ctx, receiver.url);
      const worker = startDeliveryWorker(ctx);
      const app = await startApp({ ...env, BENCH_ROLE: 'api' });
      try {
        const headers = { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/json' };
        let learner = 0;
        let published = true;
        const requests: autocannon.Request[] = [
          { method: 'GET', path: `/api/v1/courses/${seeded.courseUuid}/meta`, headers },
          { method: 'GET', path: `/api/v1/courses/${seeded.courseUuid}/meta?slim=true`, headers },
          { method: 'GET', path: '/api/v1/courses/org_slug/default/page/1/limit/20', headers },
          {
            method: 'PUT',
            path: `/api/v1/courses/${seeded.courseUuid}`,
            headers,
            setupRequest: (request) => {
              published = !published;
              return { ...request, body: JSON.stringify({ published }) };
            },
          },
          {
            method: 'PUT',
            headers,
            setupRequest: (request) => {
              learner = (learner + 1) % seeded.learnerIds.length;
              return {
                ...request,
                path: `${seeded.submissionPath}?on_behalf_of_user_id=${seeded.learnerIds[learner]}`,
                body: JSON.stringify({ task_submission: { answer: learner % 2 ? 'Jupiter' : 'Saturn' } }),
              };
            },
          },
          { method: 'GET', path: '/api/v1/search/org_slug/default?query=soak%20reading', headers },
        ];
        // Warm up, then measure memory from a settled process.
        await autocannon({ url: app.url, requests, duration: 5, connections: 10 });
        const rssBefore = rssMegabytes(app.pid);
        const result = await autocannon({ url: app.url, requests, duration: SECONDS, connections: 10 });
        const rssAfter = rssMegabytes(app.pid);
        const pendingAtEnd = await ctx.database.db
          .selectFrom('outbox_events')
          .select((eb) => eb.fn.min('created_ms').as('oldest'))
          .where('dispatched_ms', 'is', null)
          .executeTakeFirst();
        const lagAtEnd = pendingAtEnd?.oldest ? (Date.now() - Number(pendingAtEnd.oldest)) / 1000 : 0;
        const drainStarted = Date.now();
        const drained = await deliveriesDrained(ctx, 120_000);
        const drainSeconds = (Date.now() - drainStarted) / 1000;
        const deliveries = await ctx.database.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        const row: Measurement = {
          label: `mixed workload, ${SECONDS} s, 10 connections`,
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        };
        const errorCount = row.errors + row.non2xx;
        const statuses = Object.entries(result.statusCodeStats ?? {})
          .map(([status, stats]) => `${status}: ${stats.count}`)
          .join(', ');
        return {
          scenario: 'soak',
          description: soak.description,
          rows: [row],
          notes: [
            `${result.requests.total} requests (by status: ${statuses}); errors (transport + non-2xx): ${errorCount} ${errorCount === 0 ? '(MET: 0)' : '(NOT MET: must be 0)'}`,
            `API process RSS ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB (${(rssAfter - rssBefore).toFixed(1)} MB growth over ${SECONDS} s)`,
            `outbox lag when the load stopped: ${lagAtEnd.toFixed(1)} s; ${drained ? `drained to 0 in ${drainSeconds.toFixed(1)} s (MET)` : 'NOT drained within 120 s (NOT MET)'}; deliveries recorded: ${Number(deliveries.count)}`,
          ],
        };
      } finally {
        await app.stop();
        await worker.stop();
        await closeContext(ctx);
        await receiver.stop();
      }
    });
  },
};
