/**
 * Opens the database, applies migrations and assembles the AppContext. Shared by the
 * server, the worker and the CLI so they all run on the same configuration.
 */
import type { Config } from './core/config.ts';
import type { AppContext } from './core/context.ts';
import { type DatabaseTarget, openDatabase, targetFromConfig } from './core/db/database.ts';
import { migrateToLatest } from './core/db/migrate.ts';
import { createLogger } from './core/logger.ts';
import { type OutboundNetwork, systemOutboundNetwork } from './core/net/outbound-network.ts';
import { resolveSecretKey } from './core/secret-key.ts';
import { VERSION } from './core/version.ts';

export interface ContextOptions {
  logger?: AppContext['logger'];
  /** Overrides the database the configuration points at (tests use a fresh one per file). */
  database?: DatabaseTarget;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /**
   * Tests only: a resolver, trust store and loopback allow-list for reaching a local receiver.
   * Deliberately not reachable from configuration; the default is the system's, guard on.
   */
  outboundNetwork?: OutboundNetwork;
}

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = openDatabase(options.database ?? targetFromConfig(config));
  if (options.migrate !== false) {
    try {
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) logger.info({ migrations: applied }, 'applied database migrations');
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return {
    config,
    database,
    secretKey: resolveSecretKey(config),
    logger,
    version: VERSION,
    outboundNetwork: options.outboundNetwork ?? systemOutboundNetwork(),
  };
}
