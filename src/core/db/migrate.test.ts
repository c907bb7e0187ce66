/**
 * Several processes starting at once on an empty database (a server and the CLI, or two
 * servers): every one succeeds, migrations are applied once and first start runs once.
 * Real processes, because SQLite's busy waiting blocks the whole process that waits.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { TEST_SECRET_KEY } from '../../../test/harness.ts';
import { openDatabase } from './database.ts';
import { pendingMigrations } from './migrate.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('concurrent starts on an empty database', () => {
  it('all succeed, apply every migration once and create one default organization and admin', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: database.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      ADMIN_PASSWORD: 'Admin-password-1!',
      PASSWORD_HASH_COST: '10',
    };
    const target = database.target;
    if (target.kind === 'postgres') {
      const url = new URL(target.url);
      url.searchParams.set('options', `-c search_path=${target.schema},public`);
      env.DATABASE_URL = url.toString();
    }
    const slugs = ['race-a', 'race-b', 'race-c'];
    const runs = await Promise.allSettled(
      slugs.map((slug) =>
        run(
          process.execPath,
          ['--import', 'tsx', 'src/cli/index.ts', 'org', 'create', '--name', slug, '--slug', slug],
          { cwd: ROOT, env },
        ),
      ),
    );
    expect(runs.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const handle = openDatabase(target);
    try {
      expect(await pendingMigrations(handle)).toEqual([]);
      const orgs = await handle.db.selectFrom('organizations').select('slug').orderBy('slug').execute();
      expect(orgs.map((org) => org.slug)).toEqual(['default', ...slugs]);
      expect(await handle.db.selectFrom('users').select('email').execute()).toEqual([
        { email: 'admin@learnbase.local' },
      ]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
