import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { createTestApp, TEST_SECRET_KEY, type TestApp } from '../../../test/harness.ts';
import { closeContext, createContext } from '../../bootstrap.ts';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { verifyPassword } from '../users/password-hash.ts';
import { findUserByEmail } from '../users/service.ts';
import { ensureFirstStart } from './first-start.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'owner@school.test', ADMIN_PASSWORD: 'Owner-password-1!' } });
});
afterAll(() => t.close());

describe('first start', () => {
  it('creates the default org (pro) and an admin who can sign in; a second start changes nothing', async () => {
    const org = await t.inject({ method: 'GET', url: '/api/v1/orgs/slug/default' });
    expect(org.json()).toMatchObject({ slug: 'default', plan: 'pro' });
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: 'username=owner%40school.test&password=Owner-password-1!',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.is_superadmin).toBe(true);

    await ensureFirstStart(t.ctx);
    await t.restart();
    const orgs = await t.db.selectFrom('organizations').select('slug').execute();
    expect(orgs).toEqual([{ slug: 'default' }]);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('without ADMIN_PASSWORD generates one, prints it once on stderr and never logs it', async () => {
    const database = await createTestDatabase();
    const logLines: string[] = [];
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      PASSWORD_HASH_COST: '10',
    });
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    const printed: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const first = await createContext(config, { logger, database: database.target });
      await closeContext(first);
      const second = await createContext(config, { logger, database: database.target });
      try {
        const output = printed.join('');
        const password = /password: (\S+)/.exec(output)?.[1];
        expect(password).toBeDefined();
        expect(output.match(/password: /g)).toHaveLength(1);
        expect(output).toContain('admin@learnbase.local');
        expect(logLines.join('\n')).not.toContain(password);
        const admin = await findUserByEmail(second.database.db, 'admin@learnbase.local');
        expect(admin?.is_superadmin).toBe(true);
        expect(await verifyPassword(password!, admin!.password_hash!)).toBe(true);
      } finally {
        await closeContext(second);
      }
    } finally {
      stderr.mockRestore();
      await database.drop();
    }
  });
});
