/** Rate limiting in the shared database: one upsert per hit, atomic on both dialects. */
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';

export function createDatabaseRateLimiter(db: Database, clock: () => number = Date.now): RateLimiter {
  let hitsSinceCleanup = 0;
  return {
    async hit(key, max, windowSeconds): Promise<RateLimitResult> {
      const now = clock();
      const windowEnds = now + windowSeconds * 1000;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, count: 1, window_ends_ms: windowEnds })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_counters.window_ends_ms <= ${now} then 1 else rate_limit_counters.count + 1 end`,
            window_ends_ms: sql<number>`case when rate_limit_counters.window_ends_ms <= ${now} then ${windowEnds} else rate_limit_counters.window_ends_ms end`,
          }),
        )
        .returning(['count', 'window_ends_ms'])
        .executeTakeFirstOrThrow();
      if (++hitsSinceCleanup >= 1000) {
        hitsSinceCleanup = 0;
        await db.deleteFrom('rate_limit_counters').where('window_ends_ms', '<', now).execute();
      }
      const count = Number(row.count);
      return {
        allowed: count <= max,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil((Number(row.window_ends_ms) - now) / 1000)),
      };
    },
    async reset(key) {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },
    async close() {},
  };
}
