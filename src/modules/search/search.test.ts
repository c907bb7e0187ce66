import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, createUser, login, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import type { OrgRow } from '../orgs/service.ts';

type Headers = Record<string, string>;

const READ = { action_create: false, action_read: true, action_update: false, action_delete: false };
const EDIT = { action_create: false, action_read: true, action_update: true, action_delete: false };

let t: TestApp;
let org: OrgRow;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let author: Awaited<ReturnType<typeof signedInUser>>;
let learner: Awaited<ReturnType<typeof signedInUser>>;
let grouped: Awaited<ReturnType<typeof signedInUser>>;
const courses: Record<string, { id: number; course_uuid: string }> = {};
const things: Record<string, Record<string, any>> = {};

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const response = await t.inject({ method, url, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createCourse(
  headers: Headers,
  target: OrgRow,
  fields: { name: string; description?: string; about?: string; tags?: string[]; public?: boolean },
  published = true,
) {
  const body = await multipartPayload({
    name: fields.name,
    description: fields.description ?? '',
    about: fields.about ?? '',
    public: String(fields.public ?? true),
    ...(fields.tags ? { tags: JSON.stringify(fields.tags) } : {}),
  });
  const response = await t.inject({
    method: 'POST',
    url: `/api/v1/courses/?org_id=${target.id}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const course = response.json();
  if (published) await ok('PUT', `/api/v1/courses/${course.course_uuid}`, headers, { published: true });
  return course;
}

function search(headers: Headers, query: string, extra = '', slug = org.slug) {
  return t.inject({
    method: 'GET',
    url: `/api/v1/search/org_slug/${slug}?query=${encodeURIComponent(query)}${extra}`,
    headers,
  });
}

async function found(headers: Headers, query: string, extra = '') {
  const response = await search(headers, query, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (list: { name?: string; title?: string; username?: string }[]) =>
  list.map((item) => item.name ?? item.title ?? item.username);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  admin = await signedInUser(t, org, 'admin');
  author = await signedInUser(t, org, 'instructor');
  learner = await signedInUser(t, org, 'user');
  grouped = await signedInUser(t, org, 'user');

  courses.school = await createCourse(admin.headers, org, {
    name: 'École de Design',
    description: 'Graphic basics',
  });
  courses.ecosystems = await createCourse(admin.headers, org, { name: 'Ecosystems 101', public: false });
  courses.draft = await createCourse(author.headers, org, { name: 'Economics draft' }, false);
  courses.restricted = await createCourse(admin.headers, org, { name: 'Eco restricted' });
  courses.cooking = await createCourse(admin.headers, org, {
    name: 'Cooking',
    about: 'The ecology of kitchens',
    tags: ['food'],
  });
  const group = await ok('POST', '/api/v1/usergroups/', admin.headers, { name: 'Insiders', org_id: org.id });
  await ok('POST', `/api/v1/usergroups/${group.id}/add_users?user_ids=${grouped.user.id}`, admin.headers);

  things.folder = await ok('POST', '/api/v1/folders/', admin.headers, {
    name: 'Eco folder',
    org_id: org.id,
    public: false,
  });
  things.community = await ok('POST', `/api/v1/communities/?org_id=${org.id}`, admin.headers, {
    name: 'Eco club',
    description: 'Green talk',
  });
  things.discussion = await ok(
    'POST',
    `/api/v1/communities/${things.community.community_uuid}/discussions`,
    learner.headers,
    {
      title: 'Tips',
      content: 'Économiser l’énergie',
    },
  );
  things.lab = await ok('POST', `/api/v1/playgrounds/?org_id=${org.id}`, admin.headers, {
    name: 'Eco lab',
    published: true,
    access_type: 'public',
  });
  things.hiddenLab = await ok('POST', `/api/v1/playgrounds/?org_id=${org.id}`, admin.headers, {
    name: 'Eco secret lab',
    published: true,
    access_type: 'restricted',
  });
  things.draftLab = await ok('POST', `/api/v1/playgrounds/?org_id=${org.id}`, admin.headers, {
    name: 'Eco draft lab',
  });
  things.podcast = await ok('POST', `/api/v1/podcasts/?org_id=${org.id}`, admin.headers, {
    name: 'Eco cast',
    published: true,
  });
  things.draftPodcast = await ok('POST', `/api/v1/podcasts/?org_id=${org.id}`, author.headers, {
    name: 'Eco notes',
  });
  await ok(
    'POST',
    `/api/v1/usergroups/${group.id}/add_resources?resource_uuids=${courses.restricted.course_uuid},${things.hiddenLab.playground_uuid}`,
    admin.headers,
  );
  things.ecoUser = (await createUser(t, { org, username: 'ecoline' })).user;

  // Another organization with look-alike content that must never show up.
  const other = await createOrg(t);
  const otherAdmin = await signedInUser(t, other, 'admin');
  await createCourse(otherAdmin.headers, other, { name: 'École elsewhere' });
  await ok('POST', '/api/v1/folders/', otherAdmin.headers, { name: 'Eco elsewhere', org_id: other.id });
});
afterAll(() => t.close());

describe('search: who may search', () => {
  it('anonymous 401 (even with bad parameters), non-member 403, unknown org 404', async () => {
    expect((await search({}, 'eco')).statusCode).toBe(401);
    expect((await search({}, 'eco', '&limit=500')).statusCode).toBe(401);
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    const denied = await search(outsider.headers, 'eco');
    expect(denied.statusCode).toBe(403);
    expect((await search(learner.headers, 'eco', '', 'no-such-org')).statusCode).toBe(404);
  });

  it('API tokens: their own org with search.action_read only', async () => {
    expect((await search((await createApiToken(t, org, { search: READ })).headers, 'eco')).statusCode).toBe(
      200,
    );
    const withoutSearch = await search((await createApiToken(t, org, { courses: READ })).headers, 'eco');
    expect(withoutSearch.statusCode).toBe(403);
    const foreign = await createApiToken(t, await createOrg(t), { search: READ });
    expect((await search(foreign.headers, 'eco')).statusCode).toBe(403);
  });

  it('validates page, limit and query (422) and defaults to page 1, limit 20', async () => {
    for (const extra of ['&limit=0', '&limit=51', '&page=0', '&page=-1', '&limit=abc']) {
      expect((await search(learner.headers, 'eco', extra)).statusCode, extra).toBe(422);
    }
    for (const query of ['', '   ', 'x'.repeat(201)]) {
      const response = await search(learner.headers, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc).toEqual(['query', 'query']);
    }
    const missing = await t.inject({
      method: 'GET',
      url: `/api/v1/search/org_slug/${org.slug}`,
      headers: learner.headers,
    });
    expect(missing.statusCode).toBe(422);
    expect((await search(learner.headers, 'x'.repeat(200))).statusCode).toBe(200);
    for (let i = 0; i < 22; i++) {
      await ok('POST', '/api/v1/folders/', admin.headers, { name: `Zebra ${i}`, org_id: org.id });
    }
    const byDefault = await found(learner.headers, 'zebra');
    expect(byDefault.folders).toHaveLength(20);
    expect(byDefault.total_folders).toBe(22);
    expect(names(byDefault.folders).slice(0, 2)).toEqual(['Zebra 0', 'Zebra 1']);
    expect((await found(learner.headers, 'zebra', '&page=2')).folders).toHaveLength(2);
    expect((await found(learner.headers, 'zebra', '&limit=50')).folders).toHaveLength(22);
  });
});

describe('search: results', () => {
  it('answers exactly SearchResult: seven lists, seven totals, users without e-mail', async () => {
    const result = await found(learner.headers, 'eco');
    expect(Object.keys(result).sort()).toEqual(
      [
        'communities',
        'courses',
        'discussions',
        'folders',
        'playgrounds',
        'podcasts',
        'total_communities',
        'total_courses',
        'total_discussions',
        'total_folders',
        'total_playgrounds',
        'total_podcasts',
        'total_users',
        'users',
      ].sort(),
    );
    expect(result.users).toEqual([
      {
        id: things.ecoUser.id,
        user_uuid: things.ecoUser.user_uuid,
        username: 'ecoline',
        first_name: 'Test',
        last_name: 'ecoline',
        email_verified: true,
        avatar_image: '',
        bio: '',
        details: {},
        profile: {},
      },
    ]);
    expect(JSON.stringify(result)).not.toContain(things.ecoUser.email);
    expect(result.courses[0]).toMatchObject({
      course_uuid: courses.school.course_uuid,
      org_id: org.id,
      published: true,
    });
    expect(result.courses[0].authors[0]).toMatchObject({ authorship: 'CREATOR' });
    expect(result.folders[0]).toMatchObject({
      name: 'Eco folder',
      subfolders: [],
      items: [],
      total_items: 0,
    });
    expect(result.communities[0]).toMatchObject({ name: 'Eco club', moderation_words: [] });
    expect(result.discussions[0]).toMatchObject({
      title: 'Tips',
      community_uuid: things.community.community_uuid,
      author_id: learner.user.id,
    });
    expect(result.playgrounds[0]).toMatchObject({
      name: 'Eco lab',
      org_slug: org.slug,
      org_uuid: org.org_uuid,
    });
    expect(result.podcasts[0]).toMatchObject({ name: 'Eco cast', authors: [{ authorship: 'CREATOR' }] });
  });

  it('folds case and accents and matches word prefixes; every word must match', async () => {
    for (const query of ['Éco', 'eco', 'ECO', 'éCo']) {
      const result = await found(learner.headers, query);
      expect(names(result.courses), query).toEqual(['École de Design', 'Ecosystems 101', 'Cooking']);
    }
    expect(names((await found(learner.headers, 'ecole')).courses)).toEqual(['École de Design']);
    expect(names((await found(learner.headers, 'ÉCOLE design')).courses)).toEqual(['École de Design']);
    expect(names((await found(learner.headers, 'ecole cooking')).courses)).toEqual([]);
    expect(names((await found(learner.headers, 'graph')).courses)).toEqual(['École de Design']);
    expect(names((await found(learner.headers, 'food')).courses)).toEqual(['Cooking']);
    expect(names((await found(learner.headers, 'economiser')).discussions)).toEqual(['Tips']);
    expect(names((await found(learner.headers, 'cole')).courses)).toEqual([]);
    expect(names((await found(learner.headers, 'écolo')).courses)).toEqual(['Cooking']);
    expect((await found(learner.headers, '%')).total_courses).toBe(0);
  });

  it('ranks name matches first, pages stably, and reports true totals', async () => {
    const all = await found(admin.headers, 'eco');
    expect(names(all.courses)).toEqual([
      'École de Design',
      'Ecosystems 101',
      'Economics draft',
      'Eco restricted',
      'Cooking',
    ]);
    expect(all.total_courses).toBe(5);
    const first = await found(admin.headers, 'eco', '&limit=2&page=1');
    const second = await found(admin.headers, 'eco', '&limit=2&page=2');
    const third = await found(admin.headers, 'eco', '&limit=2&page=3');
    const beyond = await found(admin.headers, 'eco', '&limit=2&page=9');
    expect([...names(first.courses), ...names(second.courses), ...names(third.courses)]).toEqual(
      names(all.courses),
    );
    for (const page of [first, second, third, beyond]) expect(page.total_courses).toBe(5);
    expect(beyond.courses).toEqual([]);
    expect(first.total_playgrounds).toBe(3);
    expect(first.playgrounds).toHaveLength(2);
  });
});

describe('search: what each caller sees', () => {
  it('learners: published courses, public and private, never drafts or other groups’ courses', async () => {
    const result = await found(learner.headers, 'eco');
    expect(names(result.courses)).toEqual(['École de Design', 'Ecosystems 101', 'Cooking']);
    expect(result.total_courses).toBe(3);
    expect(names(result.playgrounds)).toEqual(['Eco lab']);
    expect(names(result.podcasts)).toEqual(['Eco cast']);
    expect(names(result.folders)).toEqual(['Eco folder']);
    expect(names(result.communities)).toEqual(['Eco club']);
  });

  it('group members also see what their groups unlock', async () => {
    const result = await found(grouped.headers, 'eco');
    expect(names(result.courses)).toEqual(['École de Design', 'Ecosystems 101', 'Eco restricted', 'Cooking']);
    expect(names(result.playgrounds)).toEqual(['Eco lab', 'Eco secret lab']);
  });

  it('authors see their drafts; admins see everything', async () => {
    const byAuthor = await found(author.headers, 'eco');
    expect(names(byAuthor.courses)).toEqual([
      'École de Design',
      'Ecosystems 101',
      'Economics draft',
      'Cooking',
    ]);
    expect(names(byAuthor.podcasts)).toEqual(['Eco cast', 'Eco notes']);
    const byAdmin = await found(admin.headers, 'eco');
    expect(byAdmin.total_courses).toBe(5);
    expect(names(byAdmin.playgrounds)).toEqual(['Eco lab', 'Eco secret lab', 'Eco draft lab']);
    expect(names(byAdmin.podcasts)).toEqual(['Eco cast', 'Eco notes']);
  });

  it('API tokens see what their rights allow, and nothing that is only for people', async () => {
    const reader = await createApiToken(t, org, { search: READ, courses: READ, folders: READ, users: READ });
    const asReader = await found(reader.headers, 'eco');
    expect(names(asReader.courses)).toEqual([
      'École de Design',
      'Ecosystems 101',
      'Eco restricted',
      'Cooking',
    ]);
    expect(names(asReader.folders)).toEqual(['Eco folder']);
    expect(names(asReader.users)).toEqual(['ecoline']);
    expect(asReader.communities).toEqual([]);
    expect(asReader.discussions).toEqual([]);
    expect(asReader.playgrounds).toEqual([]);
    expect(asReader.podcasts).toEqual([]);
    const editor = await createApiToken(t, org, { search: READ, courses: EDIT });
    const asEditor = await found(editor.headers, 'eco');
    expect(asEditor.total_courses).toBe(5);
    expect(asEditor.folders).toEqual([]);
    expect(asEditor.total_users).toBe(0);
    const searchOnly = await found((await createApiToken(t, org, { search: READ })).headers, 'eco');
    expect(searchOnly.total_courses).toBe(0);
  });
});

describe('search: the index follows every write', () => {
  it('renames, deletions and profile changes show up at once', async () => {
    const course = await createCourse(admin.headers, org, { name: 'Quantum basics' });
    expect(names((await found(learner.headers, 'quantum')).courses)).toEqual(['Quantum basics']);
    await ok('PUT', `/api/v1/courses/${course.course_uuid}`, admin.headers, { name: 'Relativity basics' });
    expect((await found(learner.headers, 'quantum')).total_courses).toBe(0);
    expect(names((await found(learner.headers, 'relativ')).courses)).toEqual(['Relativity basics']);
    await ok('DELETE', `/api/v1/courses/${course.course_uuid}`, admin.headers);
    expect((await found(learner.headers, 'relativ')).total_courses).toBe(0);

    await ok('PUT', `/api/v1/communities/${things.community.community_uuid}`, admin.headers, {
      name: 'Zephyr club',
    });
    expect(names((await found(learner.headers, 'zephyr')).communities)).toEqual(['Zephyr club']);
    const folder = await ok('POST', '/api/v1/folders/', admin.headers, { name: 'Xylophone', org_id: org.id });
    expect((await found(learner.headers, 'xylo')).total_folders).toBe(1);
    await ok('DELETE', `/api/v1/folders/${folder.folder_uuid}`, admin.headers);
    expect((await found(learner.headers, 'xylo')).total_folders).toBe(0);

    const person = await createUser(t, { org, username: 'plainname' });
    const token = await login(t, person);
    await ok(
      'PUT',
      `/api/v1/users/${person.user.id}`,
      { authorization: `Bearer ${token}` },
      { first_name: 'Zoé' },
    );
    expect(names((await found(learner.headers, 'zoe')).users)).toEqual(['plainname']);
  });
});

describe('search: rate limit', () => {
  it('refuses a caller over the per-minute limit with 429 and Retry-After', async () => {
    const limited = await createTestApp({ env: { SEARCH_RATE_LIMIT: '2' } });
    try {
      const target = await createOrg(limited);
      const member = await signedInUser(limited, target, 'user');
      const other = await signedInUser(limited, target, 'user');
      const url = `/api/v1/search/org_slug/${target.slug}?query=anything`;
      for (let i = 0; i < 2; i++) {
        expect((await limited.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
      }
      const refused = await limited.inject({ method: 'GET', url, headers: member.headers });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
