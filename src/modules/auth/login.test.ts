import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_RATE_LIMIT: '8', LOCKOUT_THRESHOLD: '3', LOCKOUT_SECONDS: '300' },
  });
});
afterAll(() => t.close());

const form = (username: string, password: string) =>
  `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`;

function loginRequest(username: string, password: string, ip: string) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: form(username, password),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
}

describe('POST /auth/login', () => {
  it('signs in, returns UserRead and tokens, and sets HttpOnly SameSite=Lax cookies', async () => {
    const org = await createOrg(t);
    const who = await createUser(t, { org });
    const response = await loginRequest(who.email, who.password, '10.0.0.1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      id: who.user.id,
      email: who.email,
      email_verified: true,
      is_superadmin: false,
    });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'avatar_image',
        'bio',
        'details',
        'email',
        'email_verified',
        'extra_metadata',
        'first_name',
        'id',
        'is_superadmin',
        'language',
        'last_login_at',
        'last_name',
        'profile',
        'signup_method',
        'user_uuid',
        'username',
      ].sort(),
    );
    expect(body.tokens.access_token).toMatch(/^ey/);
    expect(body.tokens.refresh_token).toMatch(/^ey/);
    expect(body.tokens.expiry).toBeGreaterThan(Date.now() + 7.9 * 3600 * 1000);
    const cookies = [response.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(/access_token_cookie=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/access_token_cookie=.*SameSite=Lax/);
    expect(cookies).toMatch(/refresh_token_cookie=/);
    expect(response.body).not.toContain('scrypt$');

    const profile = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${body.tokens.access_token}` },
    });
    expect(profile.json().id).toBe(who.user.id);
    const viaCookie = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      cookies: { access_token_cookie: body.tokens.access_token },
    });
    expect(viaCookie.json().id).toBe(who.user.id);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const who = await createUser(t);
    const wrong = await loginRequest(who.email, 'Not-the-password-1!', '10.0.0.2');
    const unknown = await loginRequest('nobody@example.test', 'Not-the-password-1!', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      detail: { code: 'INVALID_CREDENTIALS', message: 'Incorrect Email or password' },
    });
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
  });

  it('missing fields are a 422', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: 'username=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'missing' });
  });

  it('rate-limits login attempts per IP with 429 and Retry-After', async () => {
    const who = await createUser(t);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof loginRequest>> | undefined;
    for (let i = 0; i < 9; i++) {
      last = await loginRequest(who.email, who.password, '10.0.0.3');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().detail.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await loginRequest(who.email, who.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('locks the account after repeated failures: 423 with the right password, 401 with a wrong one', async () => {
    const who = await createUser(t);
    for (let i = 0; i < 3; i++) {
      expect((await loginRequest(who.email, 'Wrong-password-1!', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    const lockedOut = await loginRequest(who.email, who.password, '10.0.1.9');
    expect(lockedOut.statusCode).toBe(423);
    expect(lockedOut.json().detail).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(lockedOut.json().detail.retry_after).toBeGreaterThan(0);
    const wrongWhileLocked = await loginRequest(who.email, 'Wrong-password-1!', '10.0.1.9');
    expect(wrongWhileLocked.statusCode).toBe(401);
    expect(wrongWhileLocked.json().detail.code).toBe('INVALID_CREDENTIALS');

    // When the lock has passed, the right password works again and resets the counter.
    await t.db
      .updateTable('users')
      .set({ locked_until_ms: Date.now() - 1 })
      .where('id', '=', who.user.id)
      .execute();
    expect((await loginRequest(who.email, who.password, '10.0.1.9')).statusCode).toBe(200);
  });

  it('e-mail is matched case-insensitively', async () => {
    const who = await createUser(t);
    expect((await loginRequest(who.email.toUpperCase(), PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });
});

describe('REQUIRE_EMAIL_VERIFICATION', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
  });
  afterAll(() => strict.close());

  it('refuses unverified users with 403 EMAIL_NOT_VERIFIED after a correct password', async () => {
    const who = await createUser(strict, { verified: false });
    const response = await strict.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: form(who.email, who.password),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email: who.email });
  });
});

describe('cookies behind HTTPS', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: 'https://learn.example.test' } });
  });
  afterAll(() => secure.close());

  it('are Secure when PUBLIC_URL is https, and only then', async () => {
    const cookiesOf = async (app: TestApp) => {
      const who = await createUser(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: form(who.email, who.password),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.0.3.1',
      });
      expect(response.statusCode).toBe(200);
      return [response.headers['set-cookie']].flat() as string[];
    };
    const overHttps = await cookiesOf(secure);
    expect(overHttps).toHaveLength(2);
    for (const cookie of overHttps) expect(cookie).toMatch(/; Secure/);
    expect(overHttps.find((c) => c.startsWith('refresh_token_cookie='))).toMatch(/Path=\/api\/v1\/auth/);
    for (const cookie of await cookiesOf(t)) expect(cookie).not.toMatch(/Secure/);
  });
});
