/**
 * Rate limiting in Redis (REDIS_URL): the same fixed windows as the database limiter, for
 * deployments that want counters off the database. One atomic script per hit.
 */
import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';

// INCR the window's counter; the first hit of a window sets its expiry. Returns count and ms left.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export function createRedisRateLimiter(url: string, keyPrefix = 'learnbase:rate:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return {
    async hit(key, max, windowSeconds): Promise<RateLimitResult> {
      const [count, ttl] = (await redis.eval(HIT, 1, `${keyPrefix}${key}`, String(windowSeconds * 1000))) as [
        number,
        number,
      ];
      return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(`${keyPrefix}${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}
