/**
 * Test data builders. They go through the services (never raw inserts) so that tests see
 * what production would create; every call makes new, uniquely named rows.
 */
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../src/core/auth/principal.ts';
import type { TokenRights } from '../src/core/auth/rights.ts';
import { allTokenRights, createTokenAsOperator } from '../src/modules/api-tokens/service.ts';
import type { Plan } from '../src/modules/orgs/org-config.ts';
import { insertOrganization, type OrgRow } from '../src/modules/orgs/service.ts';
import { GLOBAL_ROLE_BY_NAME, type GlobalRoleName } from '../src/modules/roles/global-roles.ts';
import { addMember } from '../src/modules/roles/service.ts';
import { createUser as createUserRecord, type UserRow } from '../src/modules/users/service.ts';
import type { TestApp } from './harness.ts';

export const PASSWORD = 'Correct-horse-9!';

const unique = () => randomBytes(4).toString('hex');

export async function createOrg(
  t: TestApp,
  options: { plan?: Plan; slug?: string; name?: string } = {},
): Promise<OrgRow> {
  const slug = options.slug ?? `org-${unique()}`;
  return insertOrganization(
    t.db,
    { name: options.name ?? `Org ${slug}`, slug, email: `${slug}@example.test` },
    { plan: options.plan ?? 'pro' },
  );
}

export interface TestUser {
  user: UserRow;
  email: string;
  password: string;
}

export async function createUser(
  t: TestApp,
  options: {
    org?: OrgRow;
    role?: GlobalRoleName;
    superadmin?: boolean;
    verified?: boolean;
    username?: string;
    email?: string;
  } = {},
): Promise<TestUser> {
  const username = options.username ?? `user_${unique()}`;
  const email = options.email ?? `${username}@example.test`;
  const user = await createUserRecord(
    t.ctx,
    t.db,
    { username, email, password: PASSWORD, first_name: 'Test', last_name: username },
    {
      signupMethod: 'email',
      emailVerified: options.verified ?? true,
      isSuperadmin: options.superadmin ?? false,
    },
  );
  if (options.org)
    await addMember(t.db, user.id, options.org.id, GLOBAL_ROLE_BY_NAME[options.role ?? 'user'].id);
  return { user, email, password: PASSWORD };
}

/** Signs in over HTTP and returns the access token. */
export async function login(
  t: TestApp,
  who: { email: string; password: string },
  ip = '127.0.0.1',
): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: `username=${encodeURIComponent(who.email)}&password=${encodeURIComponent(who.password)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().tokens.access_token;
}

/** A user in the org with the given role, signed in; returns the bearer header too. */
export async function signedInUser(t: TestApp, org: OrgRow, role: GlobalRoleName = 'user') {
  const created = await createUser(t, { org, role });
  const token = await login(t, created);
  return { ...created, token, headers: bearer(token) };
}

export async function createApiToken(t: TestApp, org: OrgRow, rights: TokenRights = allTokenRights()) {
  const owner = await createUser(t, { org, role: 'admin' });
  const { value, token } = await createTokenAsOperator(
    t.db,
    org.id,
    owner.user.id,
    `token-${unique()}`,
    rights,
  );
  return { value, token, headers: bearer(value) };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Events in the outbox, optionally of one name, oldest first, with parsed data. */
export async function outboxEvents(t: TestApp, event?: string) {
  let query = t.db.selectFrom('outbox_events').selectAll().orderBy('id');
  if (event) query = query.where('event', '=', event);
  return (await query.execute()).map((row) => ({ ...row, data: JSON.parse(row.data) }));
}

/** The session principal of a test user, for calling services directly. */
export function asPrincipal(who: { user: UserRow }): SessionUser {
  return {
    kind: 'user',
    id: who.user.id,
    uuid: who.user.user_uuid,
    email: who.user.email,
    username: who.user.username,
    isSuperadmin: who.user.is_superadmin,
    sessionId: 0,
  };
}
