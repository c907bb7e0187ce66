import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createApiToken,
  createOrg,
  login,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (name: string) => ({
  username: name,
  email: `${name}@example.test`,
  password: 'Good-password-1!',
  first_name: 'Ada',
  last_name: 'Lovelace',
});

describe('sign-up', () => {
  it('creates a member with role User and fires user_signed_up once', async () => {
    const org = await createOrg(t);
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: newUser('ada1'),
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      username: 'ada1',
      email: 'ada1@example.test',
      email_verified: true,
      signup_method: 'email',
    });
    expect(response.body).not.toContain('password');
    const events = (await outboxEvents(t, 'user_signed_up')).filter((e) => e.org_id === org.id);
    expect(events.map((e) => e.data)).toEqual([
      {
        user: {
          user_uuid: user.user_uuid,
          email: 'ada1@example.test',
          username: 'ada1',
          first_name: 'Ada',
          last_name: 'Lovelace',
        },
        signup_method: 'email',
      },
    ]);
    const token = await login(t, { email: 'ada1@example.test', password: 'Good-password-1!' });
    const roles = await t.inject({
      method: 'GET',
      url: `/api/v1/roles/org/${org.id}`,
      headers: bearer(token),
    });
    // A learner holds no roles.read right.
    expect(roles.statusCode).toBe(403);
  });

  it('refuses weak passwords with the WEAK_PASSWORD object', async () => {
    const org = await createOrg(t);
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: { ...newUser('weak1'), password: 'alllowercase' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Password does not meet security requirements',
      errors: [
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
      requirements: {
        min_length: true,
        has_uppercase: false,
        has_lowercase: true,
        has_number: false,
        has_special: false,
      },
    });
  });

  it('refuses duplicates, bad e-mails (422), unknown orgs (404) and API tokens (403)', async () => {
    const org = await createOrg(t);
    expect(
      (await t.inject({ method: 'POST', url: `/api/v1/users/${org.id}`, payload: newUser('dup1') }))
        .statusCode,
    ).toBe(200);
    const duplicate = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: { ...newUser('dup1'), email: 'DUP1@example.test' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe('Email or username is already in use');
    const badEmail = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: { ...newUser('bad1'), email: 'not-an-email' },
    });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().detail[0].loc).toEqual(['body', 'email']);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v1/users/999999', payload: newUser('x1') })).statusCode,
    ).toBe(404);
    const apiToken = await createApiToken(t, org);
    const viaToken = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      headers: apiToken.headers,
      payload: newUser('tok1'),
    });
    expect(viaToken.statusCode).toBe(403);
  });

  it('invite-only organizations need an invite code, which can place the user in a group', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    await t.inject({
      method: 'PUT',
      url: `/api/v1/orgs/${org.id}/signup_mechanism?signup_mechanism=inviteOnly`,
      headers: admin.headers,
    });
    const refused = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: newUser('inv1'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You need an invite to join this organization');

    const group = await t.inject({
      method: 'POST',
      url: '/api/v1/usergroups/',
      headers: admin.headers,
      payload: { name: 'Cohort A', org_id: org.id },
    });
    const invite = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites?usergroup_id=${group.json().id}`,
      headers: admin.headers,
    });
    expect(invite.statusCode).toBe(200);
    const code = invite.json().invite_code;
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(invite.json()).toMatchObject({ invite_code_type: 'signup', invite_code_expires: 31536000 });
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/invites/code/${code}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/invites/code/NOPE1234` })).statusCode,
    ).toBe(404);

    const joined = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}/invite/${code}`,
      payload: newUser('inv2'),
    });
    expect(joined.statusCode).toBe(200);
    const members = await t.inject({
      method: 'GET',
      url: `/api/v1/usergroups/${group.json().id}/users`,
      headers: admin.headers,
    });
    expect(members.json().map((u: { username: string }) => u.username)).toEqual(['inv2']);
    const signedUp = (await outboxEvents(t, 'user_signed_up')).filter((e) => e.org_id === org.id);
    expect(signedUp.map((e) => e.data.signup_method)).toEqual(['invite']);
    const added = (await outboxEvents(t, 'usergroup_users_added')).filter((e) => e.org_id === org.id);
    expect(added).toHaveLength(1);

    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/invites`,
      headers: admin.headers,
    });
    expect(list.json()).toHaveLength(1);
    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/invites/${invite.json().invite_code_uuid}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await t.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}/invite/${code}`,
      payload: newUser('inv3'),
    });
    expect(afterDelete.statusCode).toBe(404);
  });

  it('batch e-mail invites record each address, mail it, and fire one event per batch', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const first = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites/users/batch?emails=${encodeURIComponent('a@x.test, b@x.test')}`,
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().summary).toEqual({ total: 2, sent: 2, failed: 0, already_invited: 0 });
    const second = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites/users/batch?emails=${encodeURIComponent('b@x.test,c@x.test')}`,
      headers: admin.headers,
    });
    expect(second.json().results).toEqual([
      { email: 'b@x.test', status: 'already_invited' },
      { email: 'c@x.test', status: 'sent' },
    ]);
    const events = (await outboxEvents(t, 'user_invited_to_org')).filter((e) => e.org_id === org.id);
    expect(events).toHaveLength(2);
    expect(events[0].data).toMatchObject({
      org_id: org.id,
      emails: ['a@x.test', 'b@x.test'],
      invited_by: admin.user.user_uuid,
    });
    const mails = readdirSync(join(t.dataDir, 'mail')).map((file) =>
      readFileSync(join(t.dataDir, 'mail', file), 'utf8'),
    );
    expect(mails.filter((mail) => mail.includes('To: c@x.test'))).toHaveLength(1);

    const listed = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/invites/users`,
      headers: admin.headers,
    });
    expect(listed.json().map((i: { email: string }) => i.email)).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/v1/orgs/${org.id}/invites/users/a@x.test`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const learner = await signedInUser(t, org, 'user');
    const denied = await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites/users/batch?emails=z@x.test`,
      headers: learner.headers,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('a verified user joins an open org as themselves', async () => {
    const org = await createOrg(t);
    const outsiderOrg = await createOrg(t);
    const who = await signedInUser(t, outsiderOrg, 'user');
    const someoneElse = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/join',
      headers: who.headers,
      payload: { org_id: org.id, user_id: who.user.id + 1000 },
    });
    expect(someoneElse.statusCode).toBe(403);
    const joined = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/join',
      headers: who.headers,
      payload: { org_id: org.id, user_id: who.user.id },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toBe("Great, You're part of the Organization");
    const again = await t.inject({
      method: 'POST',
      url: '/api/v1/orgs/join',
      headers: who.headers,
      payload: { org_id: org.id, user_id: who.user.user_uuid },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('GET /users/profile with a token returns the token principal; anonymous 401', async () => {
    const org = await createOrg(t);
    const apiToken = await createApiToken(t, org);
    const response = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: apiToken.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_uuid: apiToken.token.token_uuid, org_id: org.id });
    expect(response.body).not.toContain(apiToken.value);
    expect((await t.inject({ method: 'GET', url: '/api/v1/users/profile' })).statusCode).toBe(401);
  });

  it('an account without an organization; lookups by id, uuid and username need a session', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/v1/users/', payload: newUser('loner1') });
    expect(created.statusCode).toBe(200);
    const loner = created.json();
    expect(loner).toMatchObject({ username: 'loner1', email: 'loner1@example.test', signup_method: 'email' });
    const memberships = await t.db
      .selectFrom('memberships')
      .select('org_id')
      .where('user_id', '=', loner.id)
      .execute();
    expect(memberships).toEqual([]);

    const org = await createOrg(t);
    const reader = await signedInUser(t, org);
    for (const url of [
      `/api/v1/users/id/${loner.id}`,
      `/api/v1/users/uuid/${loner.user_uuid}`,
      `/api/v1/users/username/loner1`,
    ]) {
      const found = await t.inject({ method: 'GET', url, headers: reader.headers });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toMatchObject({ id: loner.id, user_uuid: loner.user_uuid, username: 'loner1' });
      expect(found.json()).not.toHaveProperty('email');
      expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const apiToken = await createApiToken(t, org);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/users/id/${loner.id}`, headers: apiToken.headers }))
        .statusCode,
    ).toBe(403);
    for (const url of ['/api/v1/users/uuid/user_nobody', '/api/v1/users/username/nobody-at-all']) {
      const missing = await t.inject({ method: 'GET', url, headers: reader.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Resource not found' });
    }
  });

  it('updating the e-mail marks it unverified; others cannot update you; lookups hide e-mails', async () => {
    const org = await createOrg(t);
    const who = await signedInUser(t, org);
    const other = await signedInUser(t, org);
    const updated = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/${who.user.id}`,
      headers: who.headers,
      payload: { email: 'new-address@example.test', bio: 'Hello' },
    });
    expect(updated.json()).toMatchObject({
      email: 'new-address@example.test',
      email_verified: false,
      bio: 'Hello',
    });
    const foreign = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/${who.user.id}`,
      headers: other.headers,
      payload: { bio: 'hacked' },
    });
    expect(foreign.statusCode).toBe(403);
    const lookup = await t.inject({
      method: 'GET',
      url: `/api/v1/users/id/${who.user.id}`,
      headers: other.headers,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).not.toHaveProperty('email');
    expect(lookup.body).not.toContain('new-address');
  });
});

describe('e-mail verification', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({
      env: { REQUIRE_EMAIL_VERIFICATION: 'true', PUBLIC_URL: 'https://lms.example.test' },
    });
  });
  afterAll(() => strict.close());

  function lastMailTo(email: string): string {
    const dir = join(strict.dataDir, 'mail');
    const files = readdirSync(dir).sort();
    const mails = files
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .filter((mail) => mail.includes(`To: ${email}`));
    return mails[mails.length - 1];
  }

  it('mails a single-use token; verifying fires user_email_verified once', async () => {
    const org = await createOrg(strict);
    const signup = await strict.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: newUser('ver1'),
    });
    expect(signup.json().email_verified).toBe(false);
    const mail = lastMailTo('ver1@example.test')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link =
      /https:\/\/lms\.example\.test\/verify-email\?token=([A-Za-z0-9_-]+)&user=([^&\s]+)&org=(\S+)/.exec(
        mail,
      );
    expect(link).not.toBeNull();
    const [, token, userUuid, orgUuid] = link!;
    expect(orgUuid).toBe(org.org_uuid);

    const wrong = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: 'x'.repeat(43), user_uuid: userUuid, org_uuid: orgUuid },
    });
    expect(wrong.statusCode).toBe(400);
    const verified = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token, user_uuid: userUuid, org_uuid: orgUuid },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: 'Email verified successfully',
      user: { email_verified: true },
    });
    const reused = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token, user_uuid: userUuid, org_uuid: orgUuid },
    });
    expect(reused.statusCode).toBe(400);
    const events = await outboxEvents(strict, 'user_email_verified');
    expect(events.map((e) => [e.org_id, e.data])).toEqual([
      [org.id, { user_uuid: userUuid, email: 'ver1@example.test' }],
    ]);
  });

  it('only the organization the token was issued for hears about the verification', async () => {
    const org = await createOrg(strict);
    const elsewhere = await createOrg(strict);
    const signup = await strict.inject({
      method: 'POST',
      url: `/api/v1/users/${org.id}`,
      payload: newUser('ver3'),
    });
    const userUuid = signup.json().user_uuid;
    const linkOf = (mail: string) =>
      /token=([A-Za-z0-9_-]+)&user=[^&\s]+&org=(\S+)/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))!;

    const [, token] = linkOf(lastMailTo('ver3@example.test'));
    const redirected = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token, user_uuid: userUuid, org_uuid: elsewhere.org_uuid },
    });
    expect(redirected.statusCode).toBe(400);
    expect(redirected.json().detail).toBe('Invalid verification token');

    // A resend naming an organization the user does not belong to issues an org-less link.
    await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: 'ver3@example.test', org_id: elsewhere.id },
    });
    expect(linkOf(lastMailTo('ver3@example.test'))[2]).toBe('none');
    // Naming the user's own organization keeps it.
    await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: 'ver3@example.test', org_id: org.id },
    });
    const [, resent, linkOrg] = linkOf(lastMailTo('ver3@example.test'));
    expect(linkOrg).toBe(org.org_uuid);
    const verified = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: resent, user_uuid: userUuid, org_uuid: linkOrg },
    });
    expect(verified.statusCode).toBe(200);
    const events = (await outboxEvents(strict, 'user_email_verified')).filter(
      (e) => e.data.user_uuid === userUuid,
    );
    expect(events.map((e) => e.org_id)).toEqual([org.id]);
  });

  it('expired tokens are refused; resend never reveals whether the account exists', async () => {
    const org = await createOrg(strict);
    await strict.inject({ method: 'POST', url: `/api/v1/users/${org.id}`, payload: newUser('ver2') });
    await strict.db
      .updateTable('email_tokens')
      .set({ expires_ms: Date.now() - 1 })
      .execute();
    const mail = lastMailTo('ver2@example.test')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const [, token, userUuid] = /token=([A-Za-z0-9_-]+)&user=([^&\s]+)/.exec(mail)!;
    const expired = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token, user_uuid: userUuid },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe('Verification token has expired');

    const known = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: 'ver2@example.test' },
    });
    const unknown = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: 'ghost@example.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const fresh = lastMailTo('ver2@example.test')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const [, newToken] = /token=([A-Za-z0-9_-]+)/.exec(fresh)!;
    expect(newToken).not.toBe(token);
    const ok = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: newToken, user_uuid: userUuid },
    });
    expect(ok.statusCode).toBe(200);
  });
});
