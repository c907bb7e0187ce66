import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { WebClient } from '../../../../test/web-client.ts';
import { CONTENT_SECURITY_POLICY } from '../security.ts';
import { safeNext } from './session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign in and out through pages', () => {
  it('signs in with the form, lands on the next page, and signs out for real', async () => {
    const org = await createOrg(t);
    const who = await createUser(t, { org });
    const browser = new WebClient(t);
    const signedIn = await browser.post('/sign-in', {
      email: who.email,
      password: who.password,
      next: '/orgs/x',
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/orgs/x');

    const home = await browser.get('/');
    expect(home.body).toContain(who.user.username);
    expect(home.body).toContain(`href="/orgs/${org.slug}"`);

    const out = await browser.post('/sign-out');
    expect(out.statusCode).toBe(303);
    expect((await browser.get('/')).body).toContain('href="/sign-in"');
  });

  it('shows the reason on a wrong password and keeps the typed e-mail, escaped', async () => {
    const browser = new WebClient(t);
    const page = await browser.post('/sign-in', { email: '"><script>x@example.test', password: 'wrong' });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Incorrect Email or password');
    expect(page.body).toContain('value="&quot;&gt;&lt;script&gt;x@example.test"');
    expect(page.body).not.toContain('<script>x');
  });

  it('refuses a form post without the CSRF token', async () => {
    const who = await createUser(t);
    const response = await t.inject({
      method: 'POST',
      url: '/sign-in',
      payload: `email=${encodeURIComponent(who.email)}&password=${encodeURIComponent(who.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.cookies.find((c) => c.name === 'access_token_cookie')).toBeUndefined();
  });

  it('serves pages with the content security policy and no framing', async () => {
    const page = await t.inject({ method: 'GET', url: '/sign-in' });
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('never redirects off-site after sign-in', () => {
    expect(safeNext('/orgs/a?b=1')).toBe('/orgs/a?b=1');
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(safeNext(next)).toBe('/');
    }
  });
});
