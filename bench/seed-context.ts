/**
 * Seeding for benchmarks: a context on the scenario's data directory (the same database
 * the app will serve), closed before the app starts so SQLite has a single writer.
 */
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/core/config.ts';
import type { AppContext } from '../src/core/context.ts';
import { createLogger } from '../src/core/logger.ts';

export const BENCH_ADMIN_PASSWORD = 'Bench-admin-password-1!';

export function benchEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, LOG_LEVEL: 'warn' };
}

export async function withSeedContext<T>(dataDir: string, seed: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(loadConfig({ ...process.env, ...benchEnv(dataDir) }), {
    logger: createLogger('warn'),
  });
  try {
    return await seed(ctx);
  } finally {
    await closeContext(ctx);
  }
}
