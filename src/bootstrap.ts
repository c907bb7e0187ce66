/**
 * Opens the database, applies migrations and assembles the AppContext. Shared by the
 * server, the worker and the CLI so they all run on the same configuration.
 */
import type { Config } from './core/config.ts';
import type { AppContext } from './core/context.ts';
import { type DatabaseTarget, openDatabase, targetFromConfig } from './core/db/database.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { createLogger } from './core/logger.ts';
import { createMailer } from './core/mail/mailer.ts';
import { createMetrics } from './core/metrics/metrics.ts';
import { type OutboundNetwork, systemOutboundNetwork } from './core/net/outbound-network.ts';
import { createDatabaseRateLimiter } from './core/rate-limit/database-rate-limiter.ts';
import { createRedisRateLimiter } from './core/rate-limit/redis-rate-limiter.ts';
import { resolveSecretKey } from './core/secret-key.ts';
import { createStorage } from './core/storage/create-storage.ts';
import { VERSION } from './core/version.ts';
import { ensureFirstStart } from './modules/setup/first-start.ts';

export interface ContextOptions {
  logger?: AppContext['logger'];
  /** Overrides the database the configuration points at (tests use a fresh one per file). */
  database?: DatabaseTarget;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Create the default organization and admin on an empty database (default: when migrating). */
  firstStart?: boolean;
  /**
   * Tests only: a resolver, trust store and loopback allow-list for reaching a local receiver.
   * Deliberately not reachable from configuration; the default is the system's, guard on.
   */
  outboundNetwork?: OutboundNetwork;
}

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const storage = await createStorage(config);
  const database = openDatabase(options.database ?? targetFromConfig(config), {
    onIdleConnectionError: (error) =>
      logger.warn({ err: error }, 'an idle database connection failed; the pool will open a new one'),
  });
  if (options.migrate !== false) {
    try {
      const applied = await migrateToLatest(database);
      if (applied.length > 0) logger.info({ migrations: applied }, 'applied database migrations');
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const ctx: AppContext = {
    config,
    database,
    secretKey: resolveSecretKey(config),
    logger,
    storage,
    version: VERSION,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    metrics: createMetrics(database),
    rateLimiter: config.redisUrl
      ? createRedisRateLimiter(config.redisUrl, config.redisKeyPrefix, logger)
      : createDatabaseRateLimiter(database.db),
    outboundNetwork: options.outboundNetwork ?? systemOutboundNetwork(),
  };
  if (options.firstStart ?? options.migrate !== false) await ensureFirstStart(ctx);
  return ctx;
}

/** Releases what the context holds: shared-state connections, then the database. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.rateLimiter.close();
  await ctx.database.close();
}
