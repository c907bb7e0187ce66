import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { HttpError } from '../errors/http-errors.ts';
import { createDatabaseRateLimiter } from './database-rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Both limiters obey the same contract; two limiter instances stand for two processes. */
function contract(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('lets exactly max hits through per window, across instances, and reports the wait', async () => {
      const a = make();
      const b = make();
      const key = `test:${randomBytes(6).toString('hex')}`;
      const results = [];
      for (let i = 0; i < 6; i++) results.push(await (i % 2 ? a : b).hit(key, 4, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false, false]);
      expect(results[5].retryAfterSeconds).toBeGreaterThan(0);
      expect(results[5].retryAfterSeconds).toBeLessThanOrEqual(60);
      await a.reset(key);
      expect((await b.hit(key, 4, 60)).allowed).toBe(true);
      await a.close();
      await b.close();
    });

    it('starts a new window when the old one ends', async () => {
      const limiter = make();
      const key = `test:${randomBytes(6).toString('hex')}`;
      expect((await limiter.hit(key, 1, 1)).allowed).toBe(true);
      expect((await limiter.hit(key, 1, 1)).allowed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await limiter.hit(key, 1, 1)).allowed).toBe(true);
      await limiter.close();
    });
  });
}

contract('database rate limiter', () => createDatabaseRateLimiter(t.db));
contract('redis rate limiter', () => createRedisRateLimiter(REDIS_URL));

describe('redis rate limiter while Redis is down', () => {
  it('refuses with 503 and a wait instead of letting hits through', async () => {
    // Nothing listens on port 1 of the loopback interface.
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1');
    const refusal = await limiter.hit('test:down', 5, 60).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 503,
      detail: 'Rate limiting is unavailable right now; try again shortly',
      headers: { 'Retry-After': '5' },
    });
    await limiter.close().catch(() => undefined);
  });
});
