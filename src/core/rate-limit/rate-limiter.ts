/**
 * Fixed-window counters shared by every process: login attempts per IP, token creation,
 * webhook creation, searches. Exactly `max` hits pass per window; the rest are refused
 * until the window ends. Backed by the database by default, Redis when REDIS_URL is set.
 */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
