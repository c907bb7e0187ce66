import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/database.ts';
import { createTestApp } from '../../test/harness.ts';
import { orgCreate, orgSetPlan, tokenCreate, userCreate } from './commands/identity.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

describe('operator CLI commands', () => {
  it('create an org, a member, a token; set a plan', async () => {
    const t = await createTestApp();
    try {
      const org = (await orgCreate.run(t.ctx, { name: 'CLI Org', slug: 'cli-org' })) as {
        id: number;
        plan: string;
      };
      expect(org.plan).toBe('free');
      const upgraded = (await orgSetPlan.run(t.ctx, { slug: 'cli-org', plan: 'pro' })) as { plan: string };
      expect(upgraded.plan).toBe('pro');
      const user = (await userCreate.run(t.ctx, {
        email: 'op@example.test',
        password: 'Operator-pass-1!',
        username: 'operator',
        org: 'cli-org',
        role: 'admin',
        verified: true,
      })) as { id: number; email_verified: boolean };
      expect(user.email_verified).toBe(true);
      const token = (await tokenCreate.run(t.ctx, { org: 'cli-org', name: 'ci', all: true })) as {
        token: string;
      };
      expect(token.token).toMatch(/^lh_/);
      const response = await t.inject({
        method: 'GET',
        url: `/api/v1/usergroups/org/${org.id}`,
        headers: { authorization: `Bearer ${token.token}` },
      });
      expect(response.statusCode).toBe(200);
      await expect(orgSetPlan.run(t.ctx, { slug: 'cli-org', plan: 'gold' })).rejects.toThrow(
        /--plan must be one of/,
      );
    } finally {
      await t.close();
    }
  });
});

describe.runIf(testDialect === 'sqlite')('the CLI as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'learnbase-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'Admin-password-1!',
    PASSWORD_HASH_COST: '10',
  };
  const cli = (...args: string[]) => run('npx', ['tsx', 'src/cli/index.ts', ...args], { cwd: ROOT, env });

  it('prints one JSON object on stdout and exits 0', async () => {
    const { stdout } = await cli(
      'org',
      'create',
      '--name',
      'Proc Org',
      '--slug',
      'proc-org',
      '--plan',
      'pro',
    );
    expect(JSON.parse(stdout)).toMatchObject({ slug: 'proc-org', plan: 'pro' });
  });

  it('reports errors on stderr with a non-zero exit code', async () => {
    const failure = await cli('org', 'create', '--name', 'No Slug').catch((error) => error);
    expect(failure.code).not.toBe(0);
    expect(failure.stderr).toContain('--slug is required');
    expect(failure.stdout).toBe('');
  });
});
