/**
 * Builds the whole application in-process on a fresh database for one test file.
 * `restart()` closes and rebuilds it on the same database and data directory, for tests
 * that must survive a restart (revocation, durable deliveries).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/core/config.ts';
import type { AppContext } from '../src/core/context.ts';
import type { Database } from '../src/core/db/database.ts';
import { createLogger } from '../src/core/logger.ts';
import type { OutboundNetwork } from '../src/core/net/outbound-network.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { recordEmittedEvents } from './event-coverage.ts';

export const TEST_SECRET_KEY = 'test-secret-key-that-is-long-enough-0123456789';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  dataDir: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables, as a deployment would set them. */
  env?: Record<string, string>;
  /** Collect every log line (at debug level) into this array. */
  logLines?: string[];
  /** Resolver, trust store and loopback allow-list for webhook tests with a local receiver. */
  outboundNetwork?: OutboundNetwork;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_PASSWORD: 'Admin-password-1!',
    PASSWORD_HASH_COST: '10',
    ...options.env,
  });
  const logLines = options.logLines;
  const logger = logLines
    ? createLogger('debug', { write: (line: string) => void logLines.push(line) })
    : createLogger(config.logLevel);

  let ctx: AppContext;
  let app: FastifyInstance;
  const start = async () => {
    ctx = await createContext(config, {
      logger,
      database: database.target,
      outboundNetwork: options.outboundNetwork,
    });
    app = await buildApp(ctx);
    await app.ready();
  };
  const stop = async () => {
    await app.close();
    await closeContext(ctx);
  };
  await start();

  const handle: TestApp = {
    get app() {
      return app;
    },
    get ctx() {
      return ctx;
    },
    get db() {
      return ctx.database.db;
    },
    dataDir: database.dataDir,
    inject: (injectOptions) => app.inject(injectOptions),
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await recordEmittedEvents(ctx.database.db);
      await stop();
      await database.drop();
    },
  };
  return handle;
}
