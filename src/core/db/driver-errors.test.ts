/** Real constraint violations of the dialect under test, translated once into domain errors. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { registerErrorHandling } from '../errors/error-handler.ts';
import { isForeignKeyViolation, isUniqueViolation, translateDriverError } from './driver-errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function failure(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

const counter = (key: string) => ({ key, count: 1, window_ends_ms: Date.now() + 60_000 });

const membership = (userId: number, orgId: number) => ({
  user_id: userId,
  org_id: orgId,
  role_id: 1,
  creation_date: '2026-01-01 00:00:00',
  update_date: '2026-01-01 00:00:00',
});

describe('driver error translation', () => {
  it('a unique or primary-key violation is a 409', async () => {
    await t.db.insertInto('rate_limit_counters').values(counter('unique-test')).execute();
    const duplicateKey = await failure(() =>
      t.db.insertInto('rate_limit_counters').values(counter('unique-test')).execute(),
    );
    expect(isUniqueViolation(duplicateKey)).toBe(true);
    expect(translateDriverError(duplicateKey)).toMatchObject({
      statusCode: 409,
      detail: 'Resource already exists',
    });

    const [first, second] = [await createOrg(t), await createOrg(t)];
    const duplicateSlug = await failure(() =>
      t.db.updateTable('organizations').set({ slug: first.slug }).where('id', '=', second.id).execute(),
    );
    expect(isUniqueViolation(duplicateSlug)).toBe(true);
    expect(translateDriverError(duplicateSlug)?.statusCode).toBe(409);
  });

  it('a foreign-key violation is a clear 409, and the transaction leaves nothing behind', async () => {
    const org = await createOrg(t);
    const dangling = await failure(() =>
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('rate_limit_counters').values(counter('half-written')).execute();
        await trx.insertInto('memberships').values(membership(987654, org.id)).execute();
      }),
    );
    expect(isForeignKeyViolation(dangling)).toBe(true);
    expect(isUniqueViolation(dangling)).toBe(false);
    expect(translateDriverError(dangling)).toMatchObject({
      statusCode: 409,
      detail: 'A referenced resource does not exist or is still in use',
    });
    const leftover = await t.db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', '=', 'half-written')
      .execute();
    expect(leftover).toEqual([]);
  });

  it('anything else is not a constraint error', () => {
    expect(translateDriverError(new Error('connection reset'))).toBeUndefined();
    expect(translateDriverError(null)).toBeUndefined();
  });

  it('reaches the client as {"detail": ...} through the one error renderer', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/counters/:key', async (request) => {
      const { key } = request.params as { key: string };
      await t.db.insertInto('rate_limit_counters').values(counter(key)).execute();
      return { ok: true };
    });
    try {
      expect((await app.inject({ method: 'POST', url: '/counters/rendered' })).statusCode).toBe(200);
      const again = await app.inject({ method: 'POST', url: '/counters/rendered' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'Resource already exists' });
    } finally {
      await app.close();
    }
  });
});
