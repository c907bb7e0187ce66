/**
 * PostgreSQL specifics: a pooled connection and type parsers that make results look like
 * SQLite's (64-bit integers such as COUNT(*) and epoch-millisecond columns as numbers).
 */
import { PostgresDialect } from 'kysely';
import pg from 'pg';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
pg.types.setTypeParser(INT8_OID, (value) => Number(value));
pg.types.setTypeParser(NUMERIC_OID, (value) => Number(value));

export interface PostgresHandle {
  dialect: PostgresDialect;
  pool: pg.Pool;
}

export function openPostgres(
  connectionString: string,
  options: { searchPath?: string; max?: number; onIdleClientError?: (error: Error) => void } = {},
): PostgresHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection can die under the pool (server restart, failover, idle timeout). The
  // pool drops it and opens a new one on demand; unheard, the event would crash the process.
  pool.on('error', (error) => options.onIdleClientError?.(error));
  return { dialect: new PostgresDialect({ pool }), pool };
}
