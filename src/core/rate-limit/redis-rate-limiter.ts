/**
 * Rate limiting in Redis (REDIS_URL): the same fixed windows as the database limiter, for
 * deployments that want counters off the database. One atomic script per hit.
 * While Redis cannot be reached, limited actions are refused with 503 and a short wait
 * rather than let through: the limits guard sign-in against password guessing, and a
 * limit that lapses whenever Redis does would be no limit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { serviceUnavailable } from '../errors/http-errors.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';

const UNAVAILABLE = 'Rate limiting is unavailable right now; try again shortly';
const RETRY_AFTER_SECONDS = 5;

// INCR the window's counter; the first hit of a window sets its expiry. Returns count and ms left.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export function createRedisRateLimiter(
  url: string,
  prefix = 'learnbase:',
  logger?: FastifyBaseLogger,
): RateLimiter {
  const keyPrefix = `${prefix}rate:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // ioredis reconnects by itself; without a listener its connection errors would be unhandled.
  redis.on('error', (error) => logger?.warn({ err: error }, 'redis rate limiter: connection error'));
  const unavailable = (error: unknown) => {
    logger?.error({ err: error }, 'redis rate limiter: command failed');
    return serviceUnavailable(UNAVAILABLE, RETRY_AFTER_SECONDS);
  };
  return {
    async hit(key, max, windowSeconds): Promise<RateLimitResult> {
      let reply: [number, number];
      try {
        reply = (await redis.eval(HIT, 1, `${keyPrefix}${key}`, String(windowSeconds * 1000))) as [
          number,
          number,
        ];
      } catch (error) {
        throw unavailable(error);
      }
      const [count, ttl] = reply;
      return { allowed: count <= max, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      try {
        await redis.del(`${keyPrefix}${key}`);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async close() {
      await redis.quit();
    },
  };
}
