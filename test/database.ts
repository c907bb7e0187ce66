/**
 * A fresh database per test file: a temporary SQLite file by default, or a new schema in
 * the PostgreSQL database named by TEST_DATABASE_URL (so the whole suite runs on both).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/core/db/database.ts';

export interface TestDatabase {
  target: DatabaseTarget;
  dataDir: string;
  drop(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDialect: 'sqlite' | 'postgres' = testDatabaseUrl ? 'postgres' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'learnbase-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!testDatabaseUrl) {
    return {
      target: { kind: 'sqlite', filename: join(dataDir, 'learnbase.db') },
      dataDir,
      drop: async () => removeDataDir(),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    target: { kind: 'postgres', url: testDatabaseUrl, schema, poolSize: 5 },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      removeDataDir();
    },
  };
}
