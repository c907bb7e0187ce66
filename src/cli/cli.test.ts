import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET_KEY, type TestApp } from '../../test/harness.ts';
import { orgCreate, orgSetPlan, tokenCreate, userCreate } from './commands/identity.ts';
import { commands } from './commands/index.ts';

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

  it('user create takes names and the superadmin flag; token create takes --rights JSON', async () => {
    const t = await createTestApp();
    try {
      const org = (await orgCreate.run(t.ctx, { name: 'Rights Org', slug: 'rights-org', plan: 'pro' })) as {
        id: number;
      };
      const user = (await userCreate.run(t.ctx, {
        email: 'root@example.test',
        password: 'Operator-pass-1!',
        username: 'root',
        'first-name': 'Grace',
        'last-name': 'Hopper',
        org: 'rights-org',
        role: 'admin',
        superadmin: true,
      })) as Record<string, unknown>;
      expect(user).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        is_superadmin: true,
        email_verified: false,
        signup_method: 'cli',
      });
      expect(JSON.stringify(user)).not.toContain('Operator-pass-1!');

      const readGroups = { usergroups: { action_read: true } };
      const token = (await tokenCreate.run(t.ctx, {
        org: 'rights-org',
        name: 'groups-reader',
        rights: JSON.stringify(readGroups),
      })) as { token: string; rights: unknown; created_by_user_id: number };
      expect(token.rights).toEqual(readGroups);
      expect(token.created_by_user_id).toBe(user.id);
      const auth = { authorization: `Bearer ${token.token}` };
      const read = await t.inject({ method: 'GET', url: `/api/v1/usergroups/org/${org.id}`, headers: auth });
      expect(read.statusCode).toBe(200);
      const write = await t.inject({
        method: 'POST',
        url: '/api/v1/usergroups/',
        headers: auth,
        payload: { name: 'Nope', org_id: org.id },
      });
      expect(write.statusCode).toBe(403);

      for (const rights of ['null', '[1]', 'not json']) {
        await expect(tokenCreate.run(t.ctx, { org: 'rights-org', name: 'bad', rights })).rejects.toThrow(
          /--rights must be a JSON object/,
        );
      }
      await expect(tokenCreate.run(t.ctx, { org: 'rights-org', name: 'none' })).rejects.toThrow(
        /give --rights JSON or --all/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('the CLI as a process, beside a running server', () => {
  let t: TestApp;
  let serverUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  /** The server's own configuration: same data directory, same database (and schema). */
  const cli = (...args: string[]) => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: t.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
    };
    if (t.ctx.database.kind === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.searchParams.set('options', `-c search_path=${t.ctx.database.schema},public`);
      env.DATABASE_URL = url.toString();
    }
    return run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: ROOT, env });
  };

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
    // The running server sees the organization at once.
    const read = await fetch(`${serverUrl}/api/v1/orgs/slug/proc-org`);
    expect(read.status).toBe(200);
  });

  it('migrate reports the database and that nothing was pending', async () => {
    const { stdout } = await cli('migrate');
    expect(JSON.parse(stdout)).toEqual({ database: t.ctx.database.kind, applied: [] });
    expect(await commands.migrate.run(t.ctx, {})).toEqual({ database: t.ctx.database.kind, applied: [] });
  });

  it('a token made by the CLI works against the running server', async () => {
    await cli(
      'user',
      'create',
      '--email',
      'boss@example.test',
      '--password',
      'Boss-password-1!',
      '--username',
      'boss',
      '--org',
      'default',
      '--role',
      'admin',
      '--verified',
    );
    const { stdout } = await cli('token', 'create', '--org', 'default', '--name', 'deploy', '--all');
    const created = JSON.parse(stdout);
    expect(created).toMatchObject({ org_slug: 'default', name: 'deploy' });
    const response = await fetch(`${serverUrl}/api/v1/usergroups/org/${created.org_id}`, {
      headers: { authorization: `Bearer ${created.token}` },
    });
    expect(response.status).toBe(200);
  });

  it('reports errors on stderr with a non-zero exit code', async () => {
    const failure = await cli('org', 'create', '--name', 'No Slug').catch((error) => error);
    expect(failure.code).not.toBe(0);
    expect(failure.stderr).toContain('--slug is required');
    expect(failure.stdout).toBe('');
  });
});
