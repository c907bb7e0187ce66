/**
 * The HTTP conventions of the whole application (not a bare Fastify): health and docs,
 * request ids, 500s that keep their stack in the log, oversized bodies, and health checks
 * that tell the truth when the database is gone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../test/database.ts';
import { bearer, createOrg, signedInUser } from '../test/factories.ts';
import { createTestApp, TEST_SECRET_KEY, type TestApp } from '../test/harness.ts';
import { buildApp } from './app.ts';
import { closeContext, createContext } from './bootstrap.ts';
import { loadConfig } from './core/config.ts';
import { createLogger } from './core/logger.ts';
import { VERSION } from './core/version.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_BODY_BYTES: '2048' } });
});
afterAll(() => t.close());

describe('health and documentation', () => {
  it('GET /api/v1/health names the database and the version', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDialect, version: VERSION });
  });

  it('serves the OpenAPI document and the interactive docs rendered from it', async () => {
    const document = await t.inject({ method: 'GET', url: '/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: '3.1.0', info: { version: VERSION } });
    expect(document.json().paths['/api/v1/health']).toHaveProperty('get');
    const docs = await t.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    // The page renders the document generated from the route schemas, the same one as /openapi.json.
    const rendered = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(rendered.json()).toEqual(document.json());
  });
});

describe('request ids', () => {
  it('answers every request with one, keeping a well-formed incoming id and replacing a bad one', async () => {
    const fresh = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'edge-proxy:42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-proxy:42');
    const replaced = await t.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'x-request-id': 'has spaces\tand tabs' },
    });
    expect(replaced.statusCode).toBe(404);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('validation errors on real routes', () => {
  it('bad JSON, wrong types and unknown enum values are 422 in the FastAPI shape', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const join = (payload: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/orgs/join',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload,
      });
    const malformed = await join('{"org_id": ');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toEqual([
      expect.objectContaining({ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error' }),
    ]);
    const wrongType = await join(JSON.stringify({ org_id: 'first', user_id: admin.user.id }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail).toEqual([
      {
        type: 'int_parsing',
        loc: ['body', 'org_id'],
        msg: 'Input should be a valid integer',
        input: 'first',
      },
    ]);
    const missing = await join('');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ]);
    const unknownEnum = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/signup_mechanism?signup_mechanism=everyone`,
      headers: admin.headers,
    });
    expect(unknownEnum.statusCode).toBe(422);
    expect(unknownEnum.json().detail).toEqual([
      expect.objectContaining({ type: 'enum', loc: ['query', 'signup_mechanism'], input: 'everyone' }),
    ]);
  });
});

describe('body limits', () => {
  it('a JSON body over MAX_BODY_BYTES is a 413 and changes nothing', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}`,
      headers: bearer(admin.token),
      payload: { name: 'Renamed', description: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request Entity Too Large' });
    const stored = await t.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe(org.name);
  });

  it('so is a form body', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=a%40b.test&password=${'p'.repeat(4096)}`,
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('an unexpected error', () => {
  it('is a 500 with a request id; the stack goes to the log under that id and nowhere else', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      ADMIN_PASSWORD: 'Admin-password-1!',
      PASSWORD_HASH_COST: '10',
    });
    const ctx = await createContext(config, {
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      database: database.target,
    });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(ctx);
      app.get('/api/v1/test-only/boom', async () => {
        throw new Error('internal detail that must stay private');
      });
      const response = await app.inject({ method: 'GET', url: '/api/v1/test-only/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal Server Error' });
      expect(response.body).not.toContain('private');
      const requestId = response.headers['x-request-id'] as string;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
      expect(logged).toMatchObject({ reqId: requestId, level: 50 });
      expect(logged.err.stack).toContain('internal detail that must stay private');
      expect(logged.err.stack).toContain('app.test.ts');
    } finally {
      await app?.close();
      await closeContext(ctx);
      await database.drop();
    }
  });
});

describe('health checks without a database', () => {
  it('liveness and readiness both answer 503 when the database cannot be reached', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      LOG_LEVEL: 'silent',
    });
    // Nothing listens on port 1: every connection attempt is refused.
    const ctx = await createContext(config, {
      database: { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 },
      migrate: false,
      firstStart: false,
    });
    const app = await buildApp(ctx);
    try {
      const live = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(live.statusCode).toBe(503);
      expect(live.json()).toEqual({ detail: 'Database unavailable' });
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        database: 'postgres',
        pending_migrations: [],
        detail: 'Database unavailable',
      });
    } finally {
      await app.close();
      await closeContext(ctx);
      await database.drop();
    }
  });
});
