/** The connection each dialect opens: SQLite's pragmas, PostgreSQL's pool surviving a dropped connection. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseUrl,
  testDialect,
} from '../../../test/database.ts';
import { waitUntil } from '../../../test/webhooks.ts';
import { openDatabase } from './database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe.runIf(testDialect === 'sqlite')('SQLite', () => {
  it('runs in WAL mode with foreign keys enforced and a busy timeout', async () => {
    const handle = openDatabase(database.target);
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseUrl)('PostgreSQL', () => {
  it('survives the server ending an idle pooled connection, and says so', async () => {
    const name = `learnbase-test-${randomBytes(4).toString('hex')}`;
    const url = new URL(testDatabaseUrl!);
    url.searchParams.set('application_name', name);
    const errors: Error[] = [];
    const handle = openDatabase(
      { kind: 'postgres', url: url.toString(), poolSize: 2 },
      { onIdleConnectionError: (error) => errors.push(error) },
    );
    try {
      await handle.ping();
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        const ended = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [name],
        );
        expect(ended.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await waitUntil(async () => errors.length > 0, 'the pool to notice the ended connection', 10_000);
      expect(errors[0].message).toMatch(/terminat/i);
      // The next query gets a new connection.
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});
