import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createApiToken,
  createOrg,
  createUser,
  outboxEvents,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** A fake OpenID provider on loopback: discovery document plus userinfo keyed by access token. */
const identities: Record<string, Record<string, unknown>> = {
  'good-token': {
    email: 'grace@oidc.test',
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    preferred_username: 'grace',
  },
  'unverified-token': { email: 'eve@oidc.test', email_verified: false },
  'invited-token': { email: 'invited@oidc.test', email_verified: true },
};
let provider: Server;
let issuer: string;

let t: TestApp;
beforeAll(async () => {
  provider = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ issuer, userinfo_endpoint: `${issuer}/userinfo` }));
      return;
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const identity = identities[token];
    response.statusCode = identity ? 200 : 401;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(identity ?? { error: 'invalid_token' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { OAUTH_PROVIDERS: JSON.stringify({ acme: issuer }) } });
});
afterAll(async () => {
  await t.close();
  provider.close();
});

const oauth = (body: Record<string, unknown>, query = '') =>
  t.inject({ method: 'POST', url: `/api/v1/auth/oauth${query}`, payload: body });

describe('POST /auth/oauth', () => {
  it('creates the account on first use, signs in, and reuses it next time', async () => {
    const first = await oauth({ email: 'grace@oidc.test', provider: 'acme', access_token: 'good-token' });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      email: 'grace@oidc.test',
      username: 'grace',
      first_name: 'Grace',
      email_verified: true,
      signup_method: 'acme',
    });
    const profile = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: bearer(first.json().tokens.access_token),
    });
    expect(profile.json().email).toBe('grace@oidc.test');
    const second = await oauth({ email: 'GRACE@oidc.test', provider: 'acme', access_token: 'good-token' });
    expect(second.json().user.id).toBe(first.json().user.id);
  });

  it('refuses an invalid token, an e-mail mismatch, an unverified e-mail and an unknown provider', async () => {
    expect(
      (await oauth({ email: 'grace@oidc.test', provider: 'acme', access_token: 'bad' })).statusCode,
    ).toBe(401);
    expect(
      (await oauth({ email: 'mallory@oidc.test', provider: 'acme', access_token: 'good-token' })).statusCode,
    ).toBe(401);
    expect(
      (await oauth({ email: 'eve@oidc.test', provider: 'acme', access_token: 'unverified-token' }))
        .statusCode,
    ).toBe(401);
    const unknown = await oauth({ email: 'grace@oidc.test', provider: 'google', access_token: 'good-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain("Unknown OAuth provider 'google'");
  });

  it('joins an organization only with a pending invite', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const noInvite = await oauth(
      { email: 'grace@oidc.test', provider: 'acme', access_token: 'good-token' },
      `?org_id=${org.id}`,
    );
    expect(noInvite.statusCode).toBe(200);
    const members = async () =>
      (await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/users`, headers: admin.headers })).json()
        .length;
    expect(await members()).toBe(1);

    await t.inject({
      method: 'POST',
      url: `/api/v1/orgs/${org.id}/invites/users/batch?emails=invited@oidc.test`,
      headers: admin.headers,
    });
    const invited = await oauth(
      { email: 'invited@oidc.test', provider: 'acme', access_token: 'invited-token' },
      `?org_id=${org.id}`,
    );
    expect(invited.statusCode).toBe(200);
    expect(await members()).toBe(2);
    const signedUp = (await outboxEvents(t, 'user_signed_up')).filter((e) => e.org_id === org.id);
    expect(signedUp.map((e) => e.data.signup_method)).toEqual(['acme']);
  });

  it('without configured providers it is a clear 400', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.inject({
        method: 'POST',
        url: '/api/v1/auth/oauth',
        payload: { email: 'a@b.test', provider: 'acme', access_token: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('OAuth sign-in is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});

describe('POST /admin/{org_slug}/auth/token', () => {
  it('mints a 1-hour JWT for a member when the token holds users.read', async () => {
    const org = await createOrg(t);
    const member = await createUser(t, { org });
    const apiToken = await createApiToken(t, org, { users: { action_read: true } });
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/admin/${org.slug}/auth/token`,
      headers: apiToken.headers,
      payload: { user_id: member.user.id },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      user_id: member.user.id,
      user_uuid: member.user.user_uuid,
    });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
    const profile = await t.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: bearer(body.access_token),
    });
    expect(profile.json().id).toBe(member.user.id);
  });

  it('refuses sessions, tokens without users.read, non-members, unknown users and other orgs', async () => {
    const org = await createOrg(t);
    const stranger = await createUser(t, { org: await createOrg(t) });
    const member = await signedInUser(t, org);
    const reader = await createApiToken(t, org, { users: { action_read: true } });
    const noRight = await createApiToken(t, org, { courses: { action_read: true } });
    const swap = (headers: Record<string, string>, userId: number, slug = org.slug) =>
      t.inject({
        method: 'POST',
        url: `/api/v1/admin/${slug}/auth/token`,
        headers,
        payload: { user_id: userId },
      });

    expect((await swap(member.headers, member.user.id)).statusCode).toBe(403);
    expect((await swap({}, member.user.id)).statusCode).toBe(401);
    const missing = await swap(noRight.headers, member.user.id);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe("API token does not have 'read' permission for users");
    const notMember = await swap(reader.headers, stranger.user.id);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().detail).toBe('User does not belong to this organization');
    expect((await swap(reader.headers, 999999)).statusCode).toBe(404);
    expect((await swap(reader.headers, member.user.id, 'no-such-org')).statusCode).toBe(404);
    const low = await createOrg(t, { plan: 'free' });
    const lowToken = await createApiToken(t, low, { users: { action_read: true } });
    expect((await swap(lowToken.headers, member.user.id, low.slug)).statusCode).toBe(403);
  });
});
