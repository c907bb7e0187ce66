/**
 * What every module is given at start: configuration, the database, derived keys and the
 * shared services (storage, mail, rate limits). Built once in bootstrap.ts (or by the test harness)
 * and passed down explicitly; nothing is global.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { OutboundNetwork } from './net/outbound-network.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Storage } from './storage/storage.ts';

export interface AppContext {
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** The resolved SECRET_KEY (configured or generated). */
  readonly secretKey: string;
  readonly logger: FastifyBaseLogger;
  /** Uploaded content: the local disk or an S3-compatible bucket (STORAGE_URL). */
  readonly storage: Storage;
  readonly version: string;
  readonly mailer: Mailer;
  readonly rateLimiter: RateLimiter;
  readonly metrics: Metrics;
  /** How requests to user-supplied URLs (webhooks) resolve and whom they trust; see core/net. */
  readonly outboundNetwork: OutboundNetwork;
}
