/**
 * Several API processes and delivery workers on one PostgreSQL database, the way a large
 * deployment runs: events driven through both APIs reach the receiver although a worker is
 * killed with SIGKILL mid-delivery; login limits, account lockouts and session revocation hold across
 * processes, with the database or Redis keeping the shared counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/core/config.ts';
import type { AppContext } from '../../src/core/context.ts';
import { createLogger } from '../../src/core/logger.ts';
import { createRedisRateLimiter } from '../../src/core/rate-limit/redis-rate-limiter.ts';
import { allTokenRights, createTokenAsOperator } from '../../src/modules/api-tokens/service.ts';
import { createUser } from '../../src/modules/users/service.ts';
import { createEndpoint } from '../../src/modules/webhooks/service.ts';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../database.ts';
import { TEST_SECRET_KEY } from '../harness.ts';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  receiverNetwork,
  startHttpsReceiver,
} from '../https-receiver.ts';
import { settledDeliveries, waitUntil } from '../webhooks.ts';
import { exited, type Spawned, startApiProcess, startWorkerProcess } from './processes.ts';

const EVENTS = 24;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_PASSWORD = 'Cluster-admin-password-1!';

describe.runIf(testDatabaseUrl)('a cluster on PostgreSQL (two APIs, two workers)', () => {
  let database: TestDatabase;
  let ctx: AppContext;
  let receiver: HttpsReceiver;
  const processes: Spawned[] = [];
  let apis: string[] = [];

  const databaseUrl = () => {
    const url = new URL(testDatabaseUrl!);
    url.searchParams.set(
      'options',
      `-c search_path=${database.target.kind === 'postgres' ? database.target.schema : ''},public`,
    );
    return url.toString();
  };
  const sharedEnv = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl(),
    DATA_DIR: database.dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '10',
    LOGIN_RATE_LIMIT: '6',
    LOCKOUT_THRESHOLD: '3',
    // Redis outlives test runs: every run counts under its own prefix.
    REDIS_KEY_PREFIX: `test-${database.dataDir.slice(-8)}:`,
    ...extra,
  });

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    database = await createTestDatabase();
    ctx = await createContext(loadConfig({ ...sharedEnv(), LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
      database: database.target,
      outboundNetwork: receiverNetwork(receiver),
    });
    for (const env of [sharedEnv(), sharedEnv({ REDIS_URL: redisUrl })]) {
      processes.push(await startApiProcess(env));
    }
    apis = processes.map((p) => p.url!);
  }, 60_000);

  afterAll(async () => {
    for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(processes.map(({ child }) => exited(child)));
    await closeContext(ctx);
    await database.drop();
    await receiver.close();
  });

  /** Clears this address's login window wherever it is counted, so later tests are not limited. */
  const resetLoginLimits = async () => {
    await ctx.rateLimiter.reset('login:127.0.0.1');
    const redis = createRedisRateLimiter(redisUrl, sharedEnv().REDIS_KEY_PREFIX);
    await redis.reset('login:127.0.0.1');
    await redis.close();
  };

  const workerSpec = () => ({
    database: database.target,
    dataDir: database.dataDir,
    secretKey: TEST_SECRET_KEY,
    hosts: { [RECEIVER_HOST]: [LOOPBACK] },
    ca: receiver.ca,
    allowedAddresses: [LOOPBACK],
    worker: { retryDelaysMs: [300, 300], attemptTimeoutMs: 1_000, leaseMs: 4_500, pollIntervalMs: 25 },
  });

  it('delivers every event driven through both APIs although a worker is killed mid-delivery', async () => {
    const { value: token } = await createTokenAsOperator(ctx.database.db, 1, 1, 'cluster', allTokenRights());
    const endpoint = await createEndpoint(ctx, 1, {
      url: receiver.url('/cluster'),
      events: ['course_created'],
      createdByUserId: 1,
    });
    const seen = new Set<string>();
    const succeeded = new Set<string>();
    receiver.respondWith((request) => {
      const id = request.headers['x-webhook-delivery'] as string;
      // Every first attempt fails, so every delivery needs a retry.
      if (!seen.has(id)) {
        seen.add(id);
        return { status: 503, delayMs: 20 };
      }
      succeeded.add(id);
      return { status: 204, delayMs: 20 };
    });

    const workers = [await startWorkerProcess(workerSpec()), await startWorkerProcess(workerSpec())];
    processes.push(...workers);
    for (let i = 0; i < EVENTS; i++) {
      const form = new FormData();
      form.set('name', `Cluster course ${i}`);
      form.set('description', 'd');
      form.set('about', 'a');
      form.set('public', 'true');
      const response = await fetch(`${apis[i % 2]}/api/v1/courses/?org_id=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(response.status).toBe(200);
    }

    await waitUntil(async () => seen.size >= 6, 'first attempts under way', 30_000);
    workers[0].child.kill('SIGKILL');
    await exited(workers[0].child);

    await waitUntil(async () => succeeded.size === EVENTS, 'every event delivered', 60_000);
    const deliveries = await settledDeliveries(ctx.database.db, endpoint.webhook_uuid, EVENTS);
    expect(deliveries).toHaveLength(EVENTS);
    expect(deliveries.every((d) => d.state === 'succeeded')).toBe(true);

    const attempts = await ctx.database.db
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'attempt', 'success'])
      .orderBy('id')
      .execute();
    for (const delivery of deliveries) {
      const mine = attempts.filter((a) => a.delivery_id === delivery.delivery_id);
      // The killed worker may have sent an attempt it never logged; what is logged is consistent.
      expect(mine.filter((a) => a.success)).toHaveLength(1);
      expect(mine[mine.length - 1].success).toBe(true);
      expect(mine.every((a, index) => index === 0 || a.attempt >= mine[index - 1].attempt)).toBe(true);
    }
    workers[1].child.kill('SIGTERM');
    await exited(workers[1].child);
  }, 120_000);

  for (const [index, label] of [
    [0, 'database'],
    [1, 'Redis'],
  ] as const) {
    it(`login attempts count across processes (${label} counters)`, async () => {
      // Both processes of one kind: the pair shares the counters wherever they live.
      const base = apis[index];
      const other = await startApiProcess(index === 0 ? sharedEnv() : sharedEnv({ REDIS_URL: redisUrl }));
      processes.push(other);
      const email = `nobody-${label}-${Date.now()}@example.test`;
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await fetch(`${i % 2 ? other.url : base}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-client': label },
          body: `username=${encodeURIComponent(email)}&password=wrong`,
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
      expect(statuses[6]).toBe(429);
      other.child.kill('SIGTERM');
      await exited(other.child);
      await resetLoginLimits();
    }, 60_000);
  }

  it('an account locked through one process is locked on the others, with or without Redis', async () => {
    const email = `locked-${Date.now()}@example.test`;
    await createUser(
      ctx,
      ctx.database.db,
      {
        username: `locked-${Date.now()}`,
        email,
        password: 'Right-password-1!',
        first_name: '',
        last_name: '',
      },
      { signupMethod: 'email', emailVerified: true, isSuperadmin: false },
    );
    const attempt = (base: string, password: string) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
      });
    // Three failures (the threshold) spread over the database-counting and the Redis-counting API.
    for (let i = 0; i < 3; i++) expect((await attempt(apis[i % 2], 'Wrong-password-1!')).status).toBe(401);
    for (const base of apis) {
      const refused = await attempt(base, 'Right-password-1!');
      expect(refused.status).toBe(423);
      expect((await refused.json()).detail.code).toBe('ACCOUNT_LOCKED');
    }
    await resetLoginLimits();
  }, 30_000);

  it('a logout on one process ends the session on the other', async () => {
    const login = await fetch(`${apis[0]}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(ctx.config.adminEmail)}&password=${encodeURIComponent(ADMIN_PASSWORD)}`,
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()).tokens;
    const auth = { authorization: `Bearer ${access_token}` };
    expect((await fetch(`${apis[1]}/api/v1/users/profile`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${apis[1]}/api/v1/auth/logout`, { method: 'DELETE', headers: auth })).status).toBe(
      200,
    );
    expect((await fetch(`${apis[0]}/api/v1/users/profile`, { headers: auth })).status).toBe(401);
  }, 30_000);
});
