import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, createUser, login } from '../../../test/factories.ts';
import { createTestApp, TEST_SECRET_KEY, type TestApp } from '../../../test/harness.ts';
import { deriveKey } from '../../core/keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loginFull(email: string, password: string) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().tokens as { access_token: string; refresh_token: string };
}

const profile = (token: string) =>
  t.inject({ method: 'GET', url: '/api/v1/users/profile', headers: bearer(token) });
const refresh = (refreshToken: string) =>
  t.inject({ method: 'GET', url: '/api/v1/auth/refresh', cookies: { refresh_token_cookie: refreshToken } });

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new pair and the new access token works', async () => {
    const who = await createUser(t);
    const first = await loginFull(who.email, who.password);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await profile(second.access_token)).json().id).toBe(who.user.id);
    // Bearer form works for non-browser clients.
    const viaHeader = await t.inject({
      method: 'GET',
      url: '/api/v1/auth/refresh',
      headers: bearer(second.refresh_token),
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it('a replayed refresh token is refused and ends every session of the user', async () => {
    const who = await createUser(t);
    const phone = await loginFull(who.email, who.password);
    const laptop = await loginFull(who.email, who.password);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
    const replay = await refresh(phone.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await profile(laptop.access_token)).statusCode).toBe(401);
    expect((await profile(phone.access_token)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(401);
  });

  it('an access token is not a refresh token and vice versa', async () => {
    const who = await createUser(t);
    const tokens = await loginFull(who.email, who.password);
    expect((await refresh(tokens.access_token)).statusCode).toBe(401);
    expect((await profile(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session server-side, and the revocation survives a restart', async () => {
    const who = await createUser(t);
    const tokens = await loginFull(who.email, who.password);
    const other = await loginFull(who.email, who.password);
    const out = await t.inject({
      method: 'DELETE',
      url: '/api/v1/auth/logout',
      headers: bearer(tokens.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ msg: 'Successfully logout' });
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/access_token_cookie=;/);
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    // Only that session ended.
    expect((await profile(other.access_token)).statusCode).toBe(200);

    await t.restart();
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it('without any credential is a 401', async () => {
    const response = await t.inject({ method: 'DELETE', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});

describe('JWT validation', () => {
  it('rejects tampered, alg:none, foreign-key and expired tokens with 401', async () => {
    const who = await createUser(t);
    const { access_token } = await loginFull(who.email, who.password);
    const [header, payload, signature] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'user_someone-else' })).toString(
      'base64url',
    );
    expect((await profile(`${header}.${tamperedPayload}.${signature}`)).statusCode).toBe(401);

    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await profile(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await profile(`${none}.${payload}.`)).statusCode).toBe(401);

    const hs512 = createSigner({ key: deriveKey(TEST_SECRET_KEY, 'jwt-signing'), algorithm: 'HS512' });
    expect((await profile(hs512({ ...claims }))).statusCode).toBe(401);

    const otherKey = createSigner({ key: 'another-secret-key-another-secret-key', algorithm: 'HS256' });
    expect((await profile(otherKey({ ...claims }))).statusCode).toBe(401);

    const rightKey = createSigner({ key: deriveKey(TEST_SECRET_KEY, 'jwt-signing'), algorithm: 'HS256' });
    const past = Math.floor(Date.now() / 1000) - 10;
    expect((await profile(rightKey({ ...claims, iat: past - 100, exp: past }))).statusCode).toBe(401);
    // The same key and claims but valid expiry is accepted: the checks above failed for their own reason.
    expect((await profile(rightKey({ ...claims, exp: past + 3600 }))).statusCode).toBe(200);
  });

  it('a stale cookie means anonymous, not an error', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/v1/health',
      cookies: { access_token_cookie: 'garbage' },
    });
    expect(response.statusCode).toBe(200);
    const profileResponse = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      cookies: { access_token_cookie: 'garbage' },
    });
    expect(profileResponse.statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('invalidates every older token', async () => {
    const org = await createOrg(t);
    const who = await createUser(t, { org });
    const a = await login(t, who);
    const b = await login(t, who);
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/change_password/${who.user.id}`,
      headers: bearer(a),
      payload: { old_password: who.password, new_password: 'Brand-new-pass-2!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(401);
    expect((await loginFull(who.email, 'Brand-new-pass-2!')).access_token).toBeTruthy();
  });

  it('refuses a wrong old password (401), a weak new one (400) and someone else (403)', async () => {
    const who = await createUser(t);
    const other = await createUser(t);
    const token = await login(t, who);
    const wrong = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/change_password/${who.user.id}`,
      headers: bearer(token),
      payload: { old_password: 'nope', new_password: 'Brand-new-pass-2!' },
    });
    expect(wrong.statusCode).toBe(401);
    const weak = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/change_password/${who.user.id}`,
      headers: bearer(token),
      payload: { old_password: who.password, new_password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail.code).toBe('WEAK_PASSWORD');
    const foreign = await t.inject({
      method: 'PUT',
      url: `/api/v1/users/change_password/${other.user.id}`,
      headers: bearer(token),
      payload: { old_password: other.password, new_password: 'Brand-new-pass-2!' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  const lastCode = (email: string) => {
    const dir = join(t.dataDir, 'mail');
    const mails = readdirSync(dir)
      .sort()
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .filter((mail) => mail.includes(`To: ${email}`) && mail.includes('reset code'));
    return /reset code is (\w{8})/.exec(mails[mails.length - 1])![1];
  };

  it('mails a single-use code; the reset ends every session; unknown addresses look the same', async () => {
    const who = await createUser(t);
    const before = await loginFull(who.email, who.password);
    const asked = await t.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password/send_reset_code',
      payload: { email: who.email },
    });
    const ghost = await t.inject({
      method: 'POST',
      url: '/api/v1/users/reset_password/send_reset_code',
      payload: { email: 'ghost@example.test' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe(ghost.body);
    const code = lastCode(who.email);
    const change = (resetCode: string, password = 'Reset-password-3!') =>
      t.inject({
        method: 'POST',
        url: '/api/v1/users/reset_password/change_password',
        payload: { email: who.email, reset_code: resetCode, new_password: password },
      });
    expect((await change('WRONGONE')).statusCode).toBe(400);
    expect((await change(code, 'weak')).json().detail.code).toBe('WEAK_PASSWORD');
    expect((await change(code)).statusCode).toBe(200);
    expect((await change(code)).statusCode).toBe(400);
    expect((await profile(before.access_token)).statusCode).toBe(401);
    expect((await loginFull(who.email, 'Reset-password-3!')).access_token).toBeTruthy();
  });
});
