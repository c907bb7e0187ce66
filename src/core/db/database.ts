/**
 * Opens the database the configuration points at: an embedded SQLite file under DATA_DIR
 * by default, PostgreSQL when DATABASE_URL is set. Everything above this file sees one
 * `Kysely<DB>` and writes one query code path for both.
 */
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../config.ts';
import { openPostgres } from './dialects/postgres.ts';
import { openSqlite } from './dialects/sqlite.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export type DatabaseTarget =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** The PostgreSQL schema everything lives in, when not the default search path. */
  readonly schema?: string;
  /** Checks the connection for real (used by health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL pool statistics, for metrics; undefined on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
}

export function targetFromConfig(config: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', filename: join(config.dataDir, 'learnbase.db') };
}

export interface OpenOptions {
  /** Told when a pooled PostgreSQL connection fails while idle (the pool replaces it). */
  onIdleConnectionError?: (error: Error) => void;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const { dialect } = openSqlite(target.filename);
    const db = new Kysely<DB>({ dialect });
    return {
      db,
      kind: 'sqlite',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
      poolStats: () => undefined,
    };
  }
  const searchPath = target.schema ? `${target.schema},public` : undefined;
  const { dialect, pool } = openPostgres(target.url, {
    searchPath,
    max: target.poolSize,
    onIdleClientError: options.onIdleConnectionError,
  });
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    kind: 'postgres',
    schema: target.schema,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
