/**
 * SQLite specifics. better-sqlite3 cannot bind JavaScript booleans and returns 0/1 for
 * BOOLEAN columns; this wrapper converts both ways so query code is identical on
 * PostgreSQL. It also caches prepared statements, which Kysely would otherwise re-prepare
 * on every call.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';

const STATEMENT_CACHE_SIZE = 2000;

function bindable(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  return value;
}

function bindAll(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map(bindable);
}

/** Wraps a statement so boolean columns (declared type BOOLEAN) come back as booleans. */
function wrapStatement(statement: BetterSqlite3.Statement): SqliteStatement {
  const booleanColumns = statement.reader
    ? statement
        .columns()
        .filter((column) => column.type?.toLowerCase() === 'boolean')
        .map((column) => column.name)
    : [];
  const fixRow = (row: any) => {
    for (const name of booleanColumns) {
      const value = row[name];
      if (value === 0 || value === 1) row[name] = value === 1;
    }
    return row;
  };
  const fixRows =
    booleanColumns.length === 0 ? (rows: unknown[]) => rows : (rows: unknown[]) => rows.map(fixRow);
  return {
    reader: statement.reader,
    all: (parameters) => fixRows(statement.all(bindAll(parameters))),
    run: (parameters) => {
      const result = statement.run(bindAll(parameters));
      return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
    },
    iterate: function* (parameters) {
      for (const row of statement.iterate(bindAll(parameters)))
        yield booleanColumns.length ? fixRow(row) : row;
    },
  };
}

export interface SqliteHandle {
  dialect: SqliteDialect;
  raw: BetterSqlite3.Database;
}

export function openSqlite(filename: string): SqliteHandle {
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const raw = new BetterSqlite3(filename);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma('synchronous = NORMAL');
  raw.pragma('cache_size = -65536');
  raw.pragma('temp_store = MEMORY');
  const cache = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        // Transactions take the write lock when they begin. A deferred one that reads and then
        // writes fails at once with SQLITE_BUSY, no busy timeout applied, when another process
        // (the CLI, a second start) wrote in between; an immediate one waits its turn instead.
        statement = wrapStatement(raw.prepare(sql === 'begin' ? 'begin immediate' : sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
  return { dialect: new SqliteDialect({ database }), raw };
}

const BUSY_TIMEOUT_MS = 5000;
const WRITE_LOCK_WAIT_MS = 60_000;

/**
 * Runs `work` on one connection inside an immediate transaction, so it holds SQLite's write
 * lock throughout: other processes wait (up to a minute) instead of interleaving, and a crash
 * midway leaves nothing half done. Used for schema migrations, which Kysely runs statement by
 * statement on SQLite.
 */
export async function withWriteLock<T>(db: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw(`pragma busy_timeout = ${WRITE_LOCK_WAIT_MS}`).execute(connection);
    try {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    } finally {
      await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(connection);
    }
  });
}
