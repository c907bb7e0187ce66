/**
 * What every module is given at start: configuration, the database, derived keys and the
 * shared services (storage, mail, rate limits). Built once in main.ts (or by the test
 * harness) and passed down explicitly; nothing is global.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { OutboundNetwork } from './net/outbound-network.ts';

export interface AppContext {
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** The resolved SECRET_KEY (configured or generated). */
  readonly secretKey: string;
  readonly logger: FastifyBaseLogger;
  readonly version: string;
  /** How requests to user-supplied URLs (webhooks) resolve and whom they trust; see core/net. */
  readonly outboundNetwork: OutboundNetwork;
}
