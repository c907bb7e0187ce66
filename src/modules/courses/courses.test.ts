/**
 * Courses over HTTP: the multipart create of spec §2.1, reads, partial updates and
 * publishing events, the org listing's visibility, and delete cascading to every row and
 * stored file of the course.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createApiToken,
  createChapter,
  createCourse,
  createHostedVideo,
  createOrg,
  createUser,
  createUsergroup,
  outboxEvents,
  publishCourse,
  signedInUser,
  storedFiles,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function postCourse(
  orgId: number,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: Parameters<typeof multipartPayload>[1] = [],
) {
  const form = await multipartPayload(fields, files);
  return t.inject({
    method: 'POST',
    url: `/api/v1/courses/?org_id=${orgId}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const baseFields = { name: 'Algebra', description: 'Short', about: 'Long about text', public: 'true' };

async function eventsFor(event: string, courseUuid: string) {
  return (await outboxEvents(t, event)).filter((row) => row.data.course_uuid === courseUuid);
}

describe('POST /courses/ (multipart, spec 2.1)', () => {
  it('creates an unpublished course with the creator as CREATOR/ACTIVE and emits course_created once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await postCourse(org.id, admin.headers, {
      ...baseFields,
      learnings: JSON.stringify(['Solve equations', 'Plot lines']),
      tags: JSON.stringify(['math']),
    });
    expect(response.statusCode).toBe(200);
    const course = response.json();
    expect(course).toMatchObject({
      org_id: org.id,
      name: 'Algebra',
      description: 'Short',
      about: 'Long about text',
      learnings: JSON.stringify(['Solve equations', 'Plot lines']),
      tags: JSON.stringify(['math']),
      public: true,
      published: false,
      open_to_contributors: false,
      thumbnail_type: 'image',
      thumbnail_image: '',
      thumbnail_video: '',
      target_language: null,
      target_level: null,
      target_level_scale: null,
      seo: null,
      extra_metadata: null,
    });
    expect(course.id).toEqual(expect.any(Number));
    expect(course.course_uuid).toMatch(/^course_[0-9a-f-]{36}$/);
    expect(course.creation_date).toMatch(DATE);
    expect(course.update_date).toMatch(DATE);
    expect(course.authors).toHaveLength(1);
    const [author] = course.authors;
    expect(author).toMatchObject({ authorship: 'CREATOR', authorship_status: 'ACTIVE' });
    expect(author.creation_date).toMatch(DATE);
    expect(author.update_date).toMatch(DATE);
    expect(Object.keys(author.user).sort()).toEqual(
      [
        'username',
        'first_name',
        'last_name',
        'email',
        'avatar_image',
        'bio',
        'language',
        'details',
        'profile',
        'extra_metadata',
        'id',
        'user_uuid',
        'email_verified',
        'last_login_at',
        'signup_method',
        'is_superadmin',
      ].sort(),
    );
    expect(author.user).toMatchObject({
      id: admin.user.id,
      user_uuid: admin.user.user_uuid,
      username: admin.user.username,
      email: admin.email,
      is_superadmin: false,
    });

    const events = await eventsFor('course_created', course.course_uuid);
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ course_uuid: course.course_uuid, name: 'Algebra', org_id: org.id });
    expect(events[0].org_id).toBe(org.id);
  });

  it.each([
    ['learnings', 'not json', 'json_invalid'],
    ['learnings', '{"a":1}', 'list_type'],
    ['tags', '[1,2]', 'list_type'],
  ])('refuses %s=%s with a 422 of type %s located at that field', async (field, value, type) => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await postCourse(org.id, admin.headers, { ...baseFields, [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', field], type, input: value }),
    ]);
    expect(await outboxEvents(t, 'course_created').then((e) => e.filter((x) => x.org_id === org.id))).toEqual(
      [],
    );
  });

  it.each(['name', 'about', 'description', 'public'])('refuses a form without %s (422)', async (missing) => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const fields: Record<string, string> = { ...baseFields };
    delete fields[missing];
    const response = await postCourse(org.id, admin.headers, fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', missing] }));
  });

  it('stores an image thumbnail in the course folder and serves it with the course', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await postCourse(org.id, admin.headers, baseFields, [
      { field: 'thumbnail', filename: 'cover.PNG', contentType: 'image/png', content: SAMPLES.png },
    ]);
    expect(response.statusCode).toBe(200);
    const course = response.json();
    expect(course.thumbnail_type).toBe('image');
    expect(course.thumbnail_image).toMatch(/^[0-9a-f-]{36}_thumbnail\.png$/);
    expect(course.thumbnail_video).toBe('');
    const key = `orgs/${org.org_uuid}/courses/${course.course_uuid}/thumbnails/${course.thumbnail_image}`;
    expect(await t.ctx.storage.exists(key)).toBe(true);
    expect(storedFiles(t, 'staging')).toEqual([]);

    // Unpublished: only editors; published and public: anyone.
    const hidden = await t.inject({ method: 'GET', url: `/api/v1/content/${key}` });
    expect(hidden.statusCode).toBe(401);
    const asAdmin = await t.inject({ method: 'GET', url: `/api/v1/content/${key}`, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    await publishCourse(t, course, admin.headers);
    const open = await t.inject({ method: 'GET', url: `/api/v1/content/${key}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/png');
    expect(open.rawPayload.equals(SAMPLES.png)).toBe(true);
  });

  it('stores a video thumbnail when thumbnail_type is video', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await postCourse(org.id, admin.headers, { ...baseFields, thumbnail_type: 'video' }, [
      { field: 'thumbnail', filename: 'intro.mp4', contentType: 'video/mp4', content: SAMPLES.mp4 },
    ]);
    expect(response.statusCode).toBe(200);
    const course = response.json();
    expect(course).toMatchObject({ thumbnail_type: 'video', thumbnail_image: '' });
    expect(course.thumbnail_video).toMatch(/_thumbnail\.mp4$/);
  });

  it('refuses a thumbnail that does not match thumbnail_type and keeps no file', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const before = storedFiles(t);
    const response = await postCourse(org.id, admin.headers, { ...baseFields, thumbnail_type: 'video' }, [
      { field: 'thumbnail', filename: 'cover.png', contentType: 'image/png', content: SAMPLES.png },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body', 'thumbnail']);
    expect(storedFiles(t)).toEqual(before);
    expect(await t.db.selectFrom('courses').select('id').where('org_id', '=', org.id).execute()).toEqual([]);
  });

  it('keeps no staged thumbnail when the form itself is invalid', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const before = storedFiles(t);
    // The file part comes first, so it is staged before the fields are known to be incomplete.
    const form = await multipartPayload({}, [
      { field: 'thumbnail', filename: 'cover.png', contentType: 'image/png', content: SAMPLES.png },
    ]);
    const response = await t.inject({
      method: 'POST',
      url: `/api/v1/courses/?org_id=${org.id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a thumbnail whose bytes are not an image (415)', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const response = await postCourse(org.id, admin.headers, baseFields, [
      { field: 'thumbnail', filename: 'cover.png', contentType: 'image/png', content: SAMPLES.html },
    ]);
    expect(response.statusCode).toBe(415);
  });

  it('with an API token: needs courses.action_create in its own org; the token creator is CREATOR', async () => {
    const org = await createOrg(t);
    const token = await createApiToken(t, org, { courses: { action_create: true, action_read: true } });
    const response = await postCourse(org.id, token.headers, baseFields);
    expect(response.statusCode).toBe(200);
    const course = response.json();
    expect(course.authors).toHaveLength(1);
    expect(course.authors[0]).toMatchObject({
      authorship: 'CREATOR',
      authorship_status: 'ACTIVE',
      user: { id: token.token.created_by_user_id },
    });

    const readOnly = await createApiToken(t, org, { courses: { action_read: true } });
    expect((await postCourse(org.id, readOnly.headers, baseFields)).statusCode).toBe(403);
    const otherOrg = await createOrg(t);
    expect((await postCourse(otherOrg.id, token.headers, baseFields)).statusCode).toBe(403);
  });

  it('refuses learners (403), non-members (403) and anonymous callers (401); unknown org 404', async () => {
    const org = await createOrg(t);
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'admin');
    expect((await postCourse(org.id, learner.headers, baseFields)).statusCode).toBe(403);
    expect((await postCourse(org.id, outsider.headers, baseFields)).statusCode).toBe(403);
    expect((await postCourse(org.id, {}, baseFields)).statusCode).toBe(401);
    const admin = await signedInUser(t, org, 'admin');
    expect((await postCourse(999_999, admin.headers, baseFields)).statusCode).toBe(404);
    const instructor = await signedInUser(t, org, 'instructor');
    expect((await postCourse(org.id, instructor.headers, baseFields)).statusCode).toBe(200);
  });
});

describe('GET and PUT /courses/{course_uuid}', () => {
  it('reads an unpublished course for editors only; a published public one for anyone', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    const get = (headers: Record<string, string> = {}) =>
      t.inject({ method: 'GET', url: `/api/v1/courses/${course.course_uuid}`, headers });
    expect((await get(admin.headers)).json()).toMatchObject({ course_uuid: course.course_uuid });
    expect((await get()).statusCode).toBe(401);
    expect((await get(learner.headers)).statusCode).toBe(403);
    await publishCourse(t, course, admin.headers);
    expect((await get()).statusCode).toBe(200);
    expect((await get(learner.headers)).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/courses/course_missing', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('applies a partial update and fires course_published once per change of published', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, admin.headers, { about: 'Keep me' });
    const put = (payload: Record<string, unknown>) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/courses/${course.course_uuid}`,
        headers: admin.headers,
        payload,
      });

    const renamed = await put({ name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      about: 'Keep me',
      published: false,
      public: true,
    });
    expect(await eventsFor('course_published', course.course_uuid)).toEqual([]);

    expect((await put({ published: true })).json().published).toBe(true);
    expect((await put({ published: true })).statusCode).toBe(200);
    expect((await put({ public: false })).json()).toMatchObject({ public: false, published: true });
    let events = await eventsFor('course_published', course.course_uuid);
    expect(events.map((e) => e.data)).toEqual([
      { course_uuid: course.course_uuid, name: 'Renamed', published: true },
    ]);

    expect((await put({ published: false })).json().published).toBe(false);
    expect((await put({ published: false })).statusCode).toBe(200);
    events = await eventsFor('course_published', course.course_uuid);
    expect(events.map((e) => e.data.published)).toEqual([true, false]);
  });

  it('refuses bad bodies with 422 and other callers with 401/403', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    const put = (payload: unknown, headers: Record<string, string>) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/courses/${course.course_uuid}`,
        headers,
        payload: payload as object,
      });
    expect((await put({ published: 'maybe' }, admin.headers)).statusCode).toBe(422);
    expect((await put({ published: true }, learner.headers)).statusCode).toBe(403);
    expect((await put({ published: true }, {})).statusCode).toBe(401);
    const foreignToken = await createApiToken(t, await createOrg(t));
    expect((await put({ published: true }, foreignToken.headers)).statusCode).toBe(403);
    const readToken = await createApiToken(t, org, { courses: { action_read: true } });
    expect((await put({ published: true }, readToken.headers)).statusCode).toBe(403);
    const writeToken = await createApiToken(t, org, { courses: { action_read: true, action_update: true } });
    expect((await put({ published: true }, writeToken.headers)).json().published).toBe(true);
  });

  it('lets an ACTIVE contributor edit but not change who may access the course', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const helper = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: admin.headers,
      payload: [helper.user.username],
    });
    const put = (payload: Record<string, unknown>) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/courses/${course.course_uuid}`,
        headers: helper.headers,
        payload,
      });
    // PENDING contributors are not authors yet.
    expect((await put({ name: 'Pending edit' })).statusCode).toBe(403);
    await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}/contributors/${helper.user.id}?authorship_status=ACTIVE`,
      headers: admin.headers,
    });
    expect((await put({ name: 'Helper edit' })).json().name).toBe('Helper edit');
    expect((await put({ public: false })).statusCode).toBe(403);
    expect((await put({ open_to_contributors: true })).statusCode).toBe(403);
  });
});

describe('DELETE /courses/{course_uuid}', () => {
  it('removes the whole tree, its files and group links, and fires course_deleted once', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, admin.headers, {}, [
      { field: 'thumbnail', filename: 'c.jpg', contentType: 'image/jpeg', content: SAMPLES.jpeg },
    ]);
    const chapter = await createChapter(t, course, admin.headers);
    const page = await createActivity(t, chapter, admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      content: { type: 'doc', content: [{ type: 'paragraph' }] },
    });
    for (const text of ['one', 'two']) {
      await t.inject({
        method: 'PUT',
        url: `/api/v1/activities/${page.activity_uuid}`,
        headers: admin.headers,
        payload: {
          content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        },
      });
    }
    const blockForm = await multipartPayload({ activity_uuid: page.activity_uuid }, [
      { field: 'file_object', filename: 'pic.png', contentType: 'image/png', content: SAMPLES.png },
    ]);
    const block = await t.inject({
      method: 'POST',
      url: '/api/v1/blocks/image',
      headers: { ...admin.headers, ...blockForm.headers },
      payload: blockForm.payload,
    });
    expect(block.statusCode).toBe(200);
    const video = await createHostedVideo(t, chapter, admin.headers);
    const update = await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/updates`,
      headers: admin.headers,
      payload: { title: 'Welcome', content: 'Hello' },
    });
    expect(update.statusCode).toBe(200);
    await createUsergroup(t, org, admin.headers, {
      resourceUuids: [course.course_uuid, chapter.chapter_uuid, page.activity_uuid],
    });
    // A neighbouring course of the same org must survive.
    const neighbour = await createCourse(t, org, admin.headers);
    const neighbourChapter = await createChapter(t, neighbour, admin.headers);
    await createHostedVideo(t, neighbourChapter, admin.headers);

    const folder = `orgs/${org.org_uuid}/courses/${course.course_uuid}`;
    const filesBefore = storedFiles(t, folder);
    expect(filesBefore).toHaveLength(3); // thumbnail, block, hosted video
    const neighbourFiles = storedFiles(t, `orgs/${org.org_uuid}/courses/${neighbour.course_uuid}`);
    expect(neighbourFiles).toHaveLength(1);

    const learner = await signedInUser(t, org, 'user');
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/v1/courses/${course.course_uuid}`,
          headers: learner.headers,
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await t.inject({
      method: 'DELETE',
      url: `/api/v1/courses/${course.course_uuid}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'Course deleted' });

    const count = async (table: string, column: string, value: number | string) =>
      (
        await t.db
          .selectFrom(table as 'courses')
          .select(t.db.fn.countAll<number>().as('n'))
          .where(column as 'id', '=', value as number)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count('courses', 'id', course.id))).toBe(0);
    for (const table of [
      'chapters',
      'course_chapters',
      'activities',
      'chapter_activities',
      'blocks',
      'course_updates',
      'course_authors',
    ]) {
      expect(Number(await count(table, 'course_id', course.id)), table).toBe(0);
    }
    for (const activityId of [page.id, video.id]) {
      expect(Number(await count('activity_versions', 'activity_id', activityId))).toBe(0);
    }
    const links = await t.db
      .selectFrom('usergroup_resources')
      .select('resource_uuid')
      .where('resource_uuid', 'in', [course.course_uuid, chapter.chapter_uuid, page.activity_uuid])
      .execute();
    expect(links).toEqual([]);
    for (const key of filesBefore) expect(await t.ctx.storage.exists(key)).toBe(false);
    expect(storedFiles(t, folder)).toEqual([]);
    expect(storedFiles(t, `orgs/${org.org_uuid}/courses/${neighbour.course_uuid}`)).toEqual(neighbourFiles);

    const events = await eventsFor('course_deleted', course.course_uuid);
    expect(events.map((e) => e.data)).toEqual([{ course_uuid: course.course_uuid, name: course.name }]);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/courses/${course.course_uuid}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/v1/courses/${course.course_uuid}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('with an API token needs courses.action_delete in the same org', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, admin.headers);
    const del = (headers: Record<string, string>) =>
      t.inject({ method: 'DELETE', url: `/api/v1/courses/${course.course_uuid}`, headers });
    expect(
      (await del((await createApiToken(t, org, { courses: { action_update: true } })).headers)).statusCode,
    ).toBe(403);
    expect((await del((await createApiToken(t, await createOrg(t))).headers)).statusCode).toBe(403);
    expect(
      (await del((await createApiToken(t, org, { courses: { action_delete: true } })).headers)).statusCode,
    ).toBe(200);
  });
});

describe('GET /courses/org_slug/{slug}/page/{p}/limit/{l}', () => {
  it('shows each caller what it may see, newest first', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const member = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'user');
    const publicPublished = await createCourse(t, org, admin.headers, { name: 'Public published' });
    await publishCourse(t, publicPublished, admin.headers);
    const privatePublished = await createCourse(t, org, admin.headers, {
      name: 'Private published',
      public: 'false',
    });
    await publishCourse(t, privatePublished, admin.headers);
    const draft = await createCourse(t, org, admin.headers, { name: 'Draft' });

    const list = async (headers: Record<string, string> = {}, query = '', page = 1, limit = 10) => {
      const response = await t.inject({
        method: 'GET',
        url: `/api/v1/courses/org_slug/${org.slug}/page/${page}/limit/${limit}${query}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json().map((c: { name: string }) => c.name);
    };
    expect(await list()).toEqual(['Public published']);
    expect(await list(outsider.headers)).toEqual(['Public published']);
    expect(await list(member.headers)).toEqual(['Private published', 'Public published']);
    expect(await list(member.headers, '?include_unpublished=true')).toEqual([
      'Private published',
      'Public published',
    ]);
    expect(await list(admin.headers, '?include_unpublished=true')).toEqual([
      'Draft',
      'Private published',
      'Public published',
    ]);
    // The creator of a draft sees it without asking; admins see published ones by default.
    expect(await list(admin.headers)).toEqual(['Draft', 'Private published', 'Public published']);
    expect(await list(admin.headers, '?include_unpublished=true', 2, 2)).toEqual(['Public published']);
    expect(draft.published).toBe(false);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/courses/org_slug/no-such-org/page/1/limit/10' })).json(),
    ).toEqual([]);
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/courses/org_slug/${org.slug}/page/1/limit/101` }))
        .statusCode,
    ).toBe(422);
  });

  it('hides a published private course linked to user groups from members outside them', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const insider = await signedInUser(t, org, 'user');
    const member = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers, { name: 'Cohort only', public: 'false' });
    await publishCourse(t, course, admin.headers);
    await createUsergroup(t, org, admin.headers, {
      userIds: [insider.user.id],
      resourceUuids: [course.course_uuid],
    });
    const names = async (headers: Record<string, string>) =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/courses/org_slug/${org.slug}/page/1/limit/10`,
          headers,
        })
      )
        .json()
        .map((c: { name: string }) => c.name);
    expect(await names(insider.headers)).toEqual(['Cohort only']);
    expect(await names(member.headers)).toEqual([]);
    const get = (headers: Record<string, string>) =>
      t.inject({ method: 'GET', url: `/api/v1/courses/${course.course_uuid}`, headers });
    expect((await get(insider.headers)).statusCode).toBe(200);
    expect((await get(member.headers)).statusCode).toBe(403);
  });
});

describe('contributors', () => {
  it('bulk add and remove report each username and fire one event each with the contributors', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const alice = await createUser(t, { org });
    const bob = await createUser(t, { org });
    const stranger = await createUser(t, { org: await createOrg(t) });
    const course = await createCourse(t, org, admin.headers);
    const add = await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: admin.headers,
      payload: [
        alice.user.username,
        bob.user.username,
        stranger.user.username,
        'nobody_here',
        alice.user.username,
      ],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().successful).toEqual([
      { username: alice.user.username, user_id: alice.user.id },
      { username: bob.user.username, user_id: bob.user.id },
    ]);
    expect(add.json().failed.map((f: { username: string }) => f.username)).toEqual([
      stranger.user.username,
      'nobody_here',
    ]);
    const again = await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: admin.headers,
      payload: [alice.user.username],
    });
    expect(again.json()).toEqual({
      successful: [],
      failed: [{ username: alice.user.username, reason: expect.any(String) }],
    });
    const added = await eventsFor('course_contributor_added', course.course_uuid);
    expect(added.map((e) => e.data)).toEqual([
      { course_uuid: course.course_uuid, contributors: add.json().successful },
    ]);

    const listed = await t.inject({
      method: 'GET',
      url: `/api/v1/courses/${course.course_uuid}/contributors`,
      headers: admin.headers,
    });
    expect(
      listed
        .json()
        .map((c: { user_id: number; authorship: string; authorship_status: string }) => [
          c.user_id,
          c.authorship,
          c.authorship_status,
        ]),
    ).toEqual([
      [admin.user.id, 'CREATOR', 'ACTIVE'],
      [alice.user.id, 'CONTRIBUTOR', 'PENDING'],
      [bob.user.id, 'CONTRIBUTOR', 'PENDING'],
    ]);
    expect(listed.json()[1].user.email).toBe(alice.email);

    const remove = await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}/bulk-remove-contributors`,
      headers: admin.headers,
      payload: [bob.user.username, admin.user.username, 'nobody_here'],
    });
    expect(remove.json().successful).toEqual([{ username: bob.user.username, user_id: bob.user.id }]);
    expect(remove.json().failed.map((f: { username: string }) => f.username)).toEqual([
      admin.user.username,
      'nobody_here',
    ]);
    const removed = await eventsFor('course_contributor_removed', course.course_uuid);
    expect(removed.map((e) => e.data)).toEqual([
      {
        course_uuid: course.course_uuid,
        contributors: [{ username: bob.user.username, user_id: bob.user.id }],
      },
    ]);
    // Nothing removed: no event.
    await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}/bulk-remove-contributors`,
      headers: admin.headers,
      payload: ['nobody_here'],
    });
    expect(await eventsFor('course_contributor_removed', course.course_uuid)).toHaveLength(1);

    const learner = await signedInUser(t, org, 'user');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
          headers: learner.headers,
          payload: [learner.user.username],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('updates a contributor (never the creator) and an ACTIVE one may then edit', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const helper = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    await t.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
      headers: admin.headers,
      payload: [helper.user.username],
    });
    const update = (userId: number, query: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/courses/${course.course_uuid}/contributors/${userId}?${query}`,
        headers: admin.headers,
      });
    const ok = await update(helper.user.id, 'authorship=MAINTAINER&authorship_status=ACTIVE');
    expect(ok.json()).toEqual({ detail: 'Contributor updated successfully', status: 'success' });
    expect((await update(admin.user.id, 'authorship_status=INACTIVE')).statusCode).toBe(400);
    expect((await update(999_999, 'authorship_status=ACTIVE')).statusCode).toBe(404);
    expect((await update(helper.user.id, 'authorship=OWNER')).statusCode).toBe(422);
    const chapter = await t.inject({
      method: 'POST',
      url: '/api/v1/chapters/',
      headers: helper.headers,
      payload: { name: 'By the maintainer', course_id: course.id, org_id: org.id },
    });
    expect(chapter.statusCode).toBe(200);
  });

  it('apply-contributor: only when open, once, as PENDING', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    await publishCourse(t, course, admin.headers);
    const apply = (headers: Record<string, string>) =>
      t.inject({ method: 'POST', url: `/api/v1/courses/${course.course_uuid}/apply-contributor`, headers });
    expect((await apply(learner.headers)).statusCode).toBe(403);
    await t.inject({
      method: 'PUT',
      url: `/api/v1/courses/${course.course_uuid}`,
      headers: admin.headers,
      payload: { open_to_contributors: true },
    });
    const applied = await apply(learner.headers);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({
      detail: 'Contributor application submitted successfully',
      status: 'pending',
    });
    expect((await apply(learner.headers)).statusCode).toBe(400);
    expect((await apply({})).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('course_authors')
      .selectAll()
      .where('course_id', '=', course.id)
      .where('user_id', '=', learner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ authorship: 'CONTRIBUTOR', authorship_status: 'PENDING' });
  });
});

describe('course updates', () => {
  it('create, list newest first, edit, delete; course_update_published once per post', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const learner = await signedInUser(t, org, 'user');
    const course = await createCourse(t, org, admin.headers);
    await publishCourse(t, course, admin.headers);
    const base = `/api/v1/courses/${course.course_uuid}`;
    const post = (title: string, headers = admin.headers) =>
      t.inject({
        method: 'POST',
        url: `${base}/updates`,
        headers,
        payload: { title, content: `${title} text`, org_id: 424242 },
      });
    const first = await post('First');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      title: 'First',
      content: 'First text',
      course_id: course.id,
      org_id: org.id,
      linked_activity_uuids: null,
    });
    expect(first.json().courseupdate_uuid).toMatch(/^courseupdate_/);
    expect(first.json().creation_date).toMatch(DATE);
    const second = await post('Second');
    expect((await post('Nope', learner.headers)).statusCode).toBe(403);

    const listed = await t.inject({ method: 'GET', url: `${base}/updates`, headers: learner.headers });
    expect(listed.json().map((u: { title: string }) => u.title)).toEqual(['Second', 'First']);

    const uuid = first.json().courseupdate_uuid;
    const edited = await t.inject({
      method: 'PUT',
      url: `${base}/update/${uuid}`,
      headers: admin.headers,
      payload: { title: 'First, edited' },
    });
    expect(edited.json()).toMatchObject({ title: 'First, edited', content: 'First text' });
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `${base}/update/${uuid}`,
          headers: learner.headers,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const deleted = await t.inject({
      method: 'DELETE',
      url: `${base}/update/${uuid}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ message: 'Update deleted successfully' });
    expect(
      (await t.inject({ method: 'DELETE', url: `${base}/update/${uuid}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `${base}/updates`, headers: admin.headers }))
        .json()
        .map((u: { title: string }) => u.title),
    ).toEqual(['Second']);

    const events = await eventsFor('course_update_published', course.course_uuid);
    expect(events.map((e) => e.data)).toEqual([
      { courseupdate_uuid: uuid, course_uuid: course.course_uuid },
      { courseupdate_uuid: second.json().courseupdate_uuid, course_uuid: course.course_uuid },
    ]);
  });
});
