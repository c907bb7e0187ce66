import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type SmtpServer, startSmtpServer } from '../../../test/smtp-server.ts';

let smtp: SmtpServer;
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'true' }, logLines });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('sends the verification mail to the server and writes no file', async () => {
    const org = await createOrg(t);
    const signup = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: { username: 'smtp1', email: 'smtp1@example.test', password: 'Good-password-1!' },
    });
    expect(signup.statusCode).toBe(200);
    const mail = smtp.received.find((m) => m.to.includes('smtp1@example.test'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@learnbase.local');
    expect(mail!.data).toContain('Subject: Verify your e-mail address');
    expect(mail!.data.replace(/=\r?\n/g, '')).toContain(`/verify-email?token=`);
    expect(existsSync(join(t.dataDir, 'mail'))).toBe(false);
    expect(logLines.some((line) => line.includes('mail sent via SMTP'))).toBe(true);
  });

  it('reports a refused recipient as email_failed and still sends the others', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    smtp.refuse.add('bounce@example.test');
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites/users/batch?emails=${encodeURIComponent('bounce@example.test,ok@example.test')}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { email: 'bounce@example.test', status: 'email_failed' },
      { email: 'ok@example.test', status: 'sent' },
    ]);
    expect(smtp.received.some((m) => m.to.includes('ok@example.test'))).toBe(true);
    expect(smtp.received.some((m) => m.to.includes('bounce@example.test'))).toBe(false);
  });
});
