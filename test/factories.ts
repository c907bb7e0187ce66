/**
 * Test data builders. They go through the services (never raw inserts) so that tests see
 * what production would create; every call makes new, uniquely named rows.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SessionUser } from '../src/core/auth/principal.ts';
import type { TokenRights } from '../src/core/auth/rights.ts';
import { allTokenRights, createTokenAsOperator } from '../src/modules/api-tokens/service.ts';
import { startSession } from '../src/modules/auth/sessions.ts';
import type { Plan } from '../src/modules/orgs/org-config.ts';
import { insertOrganization, type OrgRow } from '../src/modules/orgs/service.ts';
import { GLOBAL_ROLE_BY_NAME, type GlobalRoleName } from '../src/modules/roles/global-roles.ts';
import { addMember } from '../src/modules/roles/service.ts';
import { createUser as createUserRecord, type UserRow } from '../src/modules/users/service.ts';
import type { TestApp } from './harness.ts';
import { type FilePart, multipartPayload } from './multipart.ts';
import { SAMPLES } from './sample-files.ts';

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

/**
 * A user in the org with the given role, signed in; returns the bearer header too. The
 * session is started through the auth service rather than POST /auth/login: a password
 * check per user made content tests, which need many users, several times slower.
 */
export async function signedInUser(t: TestApp, org: OrgRow, role: GlobalRoleName = 'user') {
  const created = await createUser(t, { org, role });
  const { access_token: token } = await startSession(t.ctx, t.db, created.user, {
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
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

// Content: courses, chapters and activities are built over HTTP, as a client would.

type Headers = Record<string, string>;

/** A CourseRead as tests use it (only the fields they read are typed). */
export interface TestCourse {
  id: number;
  course_uuid: string;
  org_id: number;
  name: string;
  published: boolean;
  public: boolean;
  [field: string]: unknown;
}

/** POST /courses/ (multipart, spec §2.1) as `headers`; `public` defaults to true. */
export async function createCourse(
  t: TestApp,
  org: OrgRow,
  headers: Headers,
  fields: Record<string, string> = {},
  files: FilePart[] = [],
): Promise<TestCourse> {
  const form = await multipartPayload(
    {
      name: `Course ${unique()}`,
      description: 'A short description',
      about: 'A longer text about the course',
      public: 'true',
      ...fields,
    },
    files,
  );
  const response = await t.inject({
    method: 'POST',
    url: `/api/v1/courses/?org_id=${org.id}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`course create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** PUT /courses/{uuid} with `published` (and optionally `public`). */
export async function publishCourse(
  t: TestApp,
  course: { course_uuid: string },
  headers: Headers,
  change: { published?: boolean; public?: boolean } = { published: true },
): Promise<TestCourse> {
  const response = await t.inject({
    method: 'PUT',
    url: `/api/v1/courses/${course.course_uuid}`,
    headers,
    payload: change,
  });
  if (response.statusCode !== 200)
    throw new Error(`course update failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface TestChapter {
  id: number;
  chapter_uuid: string;
  course_id: number;
  [field: string]: unknown;
}

/** POST /chapters/ at the end of the course. */
export async function createChapter(
  t: TestApp,
  course: { id: number; org_id: number },
  headers: Headers,
  body: Record<string, unknown> = {},
): Promise<TestChapter> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/chapters/',
    headers,
    payload: { name: `Chapter ${unique()}`, course_id: course.id, org_id: course.org_id, ...body },
  });
  if (response.statusCode !== 200)
    throw new Error(`chapter create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface TestActivity {
  id: number;
  activity_uuid: string;
  course_id: number;
  chapter_id: number | null;
  [field: string]: unknown;
}

/** POST /activities/ at the end of the chapter: a published custom activity unless told otherwise. */
export async function createActivity(
  t: TestApp,
  chapter: { id: number },
  headers: Headers,
  body: Record<string, unknown> = {},
): Promise<TestActivity> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/activities/',
    headers,
    payload: {
      name: `Activity ${unique()}`,
      chapter_id: chapter.id,
      activity_type: 'TYPE_CUSTOM',
      activity_sub_type: 'SUBTYPE_CUSTOM',
      content: { note: 'hello' },
      published: true,
      ...body,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`activity create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** POST /activities/video with an MP4 (unpublished, as the endpoint makes it). */
export async function createHostedVideo(
  t: TestApp,
  chapter: { id: number },
  headers: Headers,
  fields: Record<string, string> = {},
): Promise<TestActivity> {
  const form = await multipartPayload(
    { name: `Video ${unique()}`, chapter_id: String(chapter.id), ...fields },
    [{ field: 'video_file', filename: 'clip.mp4', contentType: 'video/mp4', content: SAMPLES.mp4 }],
  );
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/activities/video',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`video upload failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** An admin of a new org with a course holding one chapter: the usual starting point. */
export async function courseWithChapter(t: TestApp, courseFields: Record<string, string> = {}) {
  const org = await createOrg(t);
  const admin = await signedInUser(t, org, 'admin');
  const course = await createCourse(t, org, admin.headers, courseFields);
  const chapter = await createChapter(t, course, admin.headers);
  return { org, admin, course, chapter };
}

/** POST /usergroups/ then link `resourceUuids` and add `userIds`. */
export async function createUsergroup(
  t: TestApp,
  org: OrgRow,
  headers: Headers,
  links: { userIds?: number[]; resourceUuids?: string[] } = {},
): Promise<{ id: number; usergroup_uuid: string }> {
  const created = await t.inject({
    method: 'POST',
    url: '/api/v1/usergroups/',
    headers,
    payload: { name: `Group ${unique()}`, org_id: org.id },
  });
  if (created.statusCode !== 200) throw new Error(`usergroup create failed: ${created.body}`);
  const group = created.json();
  const calls = [
    links.userIds?.length && `add_users?user_ids=${links.userIds.join(',')}`,
    links.resourceUuids?.length && `add_resources?resource_uuids=${links.resourceUuids.join(',')}`,
  ].filter(Boolean);
  for (const call of calls) {
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/usergroups/${group.id}/${call}`,
      headers,
    });
    if (response.statusCode !== 200) throw new Error(`usergroup ${call} failed: ${response.body}`);
  }
  return group;
}

/** Every object in the test app's local storage, as keys (for "nothing left behind" checks). */
export function storedFiles(t: TestApp, under = ''): string[] {
  const target = t.ctx.config.storage;
  if (target.kind !== 'local') throw new Error('storedFiles needs local storage');
  const root = join(target.root, ...under.split('/').filter(Boolean));
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(target.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
