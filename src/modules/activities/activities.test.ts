/**
 * Activities over HTTP: the generic create with each sub-type's content rules, partial
 * updates with immutable type/sub-type and optimistic versions, version snapshots and
 * restore (events once each, 20 kept), reads and deletes, and who may do each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createHostedVideo,
  createOrg,
  outboxEvents,
  publishCourse,
  signedInUser,
  storedFiles,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Json = Record<string, unknown>;

function post(headers: Headers, payload: Json) {
  return t.inject({ method: 'POST', url: '/api/v1/activities/', headers, payload });
}

function put(uuid: string, headers: Headers, payload: Json) {
  return t.inject({ method: 'PUT', url: `/api/v1/activities/${uuid}`, headers, payload });
}

const doc = (...content: Json[]) => ({ type: 'doc', content });
const paragraph = (text: string, marks?: Json[]) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});

describe('POST /activities/ (generic create)', () => {
  it('defaults to an unpublished custom activity at the end of the chapter', async () => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const first = await createActivity(t, chapter, admin.headers);
    const response = await post(admin.headers, { name: 'Plain', chapter_id: chapter.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: expect.any(Number),
      activity_uuid: expect.stringMatching(/^activity_[0-9a-f-]{36}$/),
      org_id: course.org_id,
      course_id: course.id,
      chapter_id: chapter.id,
      name: 'Plain',
      activity_type: 'TYPE_CUSTOM',
      activity_sub_type: 'SUBTYPE_CUSTOM',
      content: {},
      details: null,
      published: false,
      lock_type: 'public',
      is_locked: false,
      version: 1,
      current_version: 1,
      published_version: null,
      last_modified_by_id: admin.user.id,
    });
    const chapterRead = await t.inject({
      method: 'GET',
      url: `/api/v1/chapters/${chapter.id}`,
      headers: admin.headers,
    });
    expect(chapterRead.json().activities.map((a: { id: number }) => a.id)).toEqual([
      first.id,
      response.json().id,
    ]);
  });

  it('keeps a rich-text page, rewriting strong/em to bold/italic and keeping unknown nodes', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const content = doc(
      paragraph('Bold', [{ type: 'strong' }]),
      paragraph('Italic', [{ type: 'em' }, { type: 'link', attrs: { href: 'https://example.test' } }]),
      { type: 'mysteryWidget', attrs: { level: 3 }, content: [paragraph('inside')] },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
    );
    const response = await post(admin.headers, {
      name: 'Page',
      chapter_id: chapter.id,
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      content,
    });
    expect(response.statusCode).toBe(200);
    const stored = response.json().content;
    expect(stored.content[0].content[0].marks).toEqual([{ type: 'bold' }]);
    expect(stored.content[1].content[0].marks).toEqual([
      { type: 'italic' },
      { type: 'link', attrs: { href: 'https://example.test' } },
    ]);
    expect(stored.content[2]).toEqual(content.content[2]);
    expect(stored.content[3]).toEqual(content.content[3]);
    const read = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${response.json().activity_uuid}`,
      headers: admin.headers,
    });
    expect(read.json().content).toEqual(stored);
    expect(logLines.some((line) => line.includes('mysteryWidget'))).toBe(true);
  });

  it('accepts the legacy blocks shape and media nodes that carry their blockObject', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const legacy = {
      blocks: [
        {
          block_uuid: 'block_1',
          block_type: 'BLOCK_IMAGE',
          content: { file_id: 'x_block_1', file_format: 'png' },
        },
      ],
    };
    const page = (content: Json) =>
      post(admin.headers, {
        name: 'Page',
        chapter_id: chapter.id,
        activity_type: 'TYPE_DYNAMIC',
        activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
        content,
      });
    const legacyResponse = await page(legacy);
    expect(legacyResponse.statusCode).toBe(200);
    expect(legacyResponse.json().content).toEqual(legacy);
    const withImage = await page(
      doc({ type: 'blockImage', attrs: { blockObject: { block_uuid: 'block_1' }, alignment: 'left' } }),
    );
    expect(withImage.statusCode).toBe(200);
  });

  it.each([
    [
      'a media node without blockObject',
      'SUBTYPE_DYNAMIC_PAGE',
      doc(paragraph('x'), { type: 'blockVideo', attrs: {} }),
      ['body', 'content', 'content', 1, 'attrs', 'blockObject'],
    ],
    [
      'a nested media node without attrs',
      'SUBTYPE_DYNAMIC_PAGE',
      doc({ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'blockPDF' }] }] }),
      ['body', 'content', 'content', 0, 'content', 0, 'content', 0, 'attrs', 'blockObject'],
    ],
    [
      'a bad image alignment',
      'SUBTYPE_DYNAMIC_PAGE',
      doc({ type: 'blockImage', attrs: { blockObject: {}, alignment: 'middle' } }),
      ['body', 'content', 'content', 0, 'attrs', 'alignment'],
    ],
    ['a page that is not a document', 'SUBTYPE_DYNAMIC_PAGE', { type: 'page' }, ['body', 'content', 'type']],
    [
      'a text that is not a string',
      'SUBTYPE_DYNAMIC_PAGE',
      doc({ type: 'text', text: 5 }),
      ['body', 'content', 'content', 0, 'text'],
    ],
    [
      'legacy blocks that are not a list',
      'SUBTYPE_DYNAMIC_PAGE',
      { blocks: 'x' },
      ['body', 'content', 'blocks'],
    ],
    [
      'a markdown page without markdown_url',
      'SUBTYPE_DYNAMIC_MARKDOWN',
      {},
      ['body', 'content', 'markdown_url'],
    ],
    [
      'a markdown_url that is not http(s)',
      'SUBTYPE_DYNAMIC_MARKDOWN',
      { markdown_url: 'ftp://example.test/readme.md' },
      ['body', 'content', 'markdown_url'],
    ],
    [
      'an embed_url that is javascript:',
      'SUBTYPE_DYNAMIC_EMBED',
      { embed_url: 'javascript:alert(1)' },
      ['body', 'content', 'embed_url'],
    ],
  ])('refuses %s with a 422 located in the content', async (_name, subType, content, loc) => {
    const { admin, chapter } = await courseWithChapter(t);
    const response = await post(admin.headers, {
      name: 'Bad',
      chapter_id: chapter.id,
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: subType,
      content,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([expect.objectContaining({ loc })]);
    const rows = await t.db
      .selectFrom('activities')
      .select('id')
      .where('course_id', '=', chapter.course_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('accepts markdown and embed URLs over http(s) and stores custom content verbatim', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const cases: [string, string, Json][] = [
      ['TYPE_DYNAMIC', 'SUBTYPE_DYNAMIC_MARKDOWN', { markdown_url: 'https://example.test/readme.md' }],
      ['TYPE_DYNAMIC', 'SUBTYPE_DYNAMIC_EMBED', { embed_url: 'http://example.test/embed' }],
      ['TYPE_CUSTOM', 'SUBTYPE_CUSTOM', { marks: [{ type: 'strong' }], nested: { list: [1, 'two', null] } }],
      ['TYPE_ASSIGNMENT', 'SUBTYPE_ASSIGNMENT_ANY', {}],
      ['TYPE_VIDEO', 'SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://youtu.be/abc', type: 'youtube' }],
    ];
    for (const [type, subType, content] of cases) {
      const response = await post(admin.headers, {
        name: subType,
        chapter_id: chapter.id,
        activity_type: type,
        activity_sub_type: subType,
        content,
      });
      expect(response.statusCode, subType).toBe(200);
      expect(response.json().content).toEqual(content);
    }
  });

  it.each([
    [
      'an unknown type',
      { activity_type: 'TYPE_QUIZ', activity_sub_type: 'SUBTYPE_CUSTOM' },
      ['body', 'activity_type'],
    ],
    [
      'an unknown sub-type',
      { activity_type: 'TYPE_DYNAMIC', activity_sub_type: 'SUBTYPE_DYNAMIC_SLIDES' },
      ['body', 'activity_sub_type'],
    ],
    [
      'a sub-type of another type',
      { activity_type: 'TYPE_DYNAMIC', activity_sub_type: 'SUBTYPE_DOCUMENT_PDF' },
      ['body', 'activity_sub_type'],
    ],
    [
      'a sub-type that needs its type',
      { activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE' },
      ['body', 'activity_sub_type'],
    ],
    [
      'SCORM 1.2',
      { activity_type: 'TYPE_SCORM', activity_sub_type: 'SUBTYPE_SCORM_12' },
      ['body', 'activity_type'],
    ],
    [
      'SCORM 2004',
      { activity_type: 'TYPE_SCORM', activity_sub_type: 'SUBTYPE_SCORM_2004' },
      ['body', 'activity_type'],
    ],
    [
      'a reserved document sub-type',
      { activity_type: 'TYPE_DOCUMENT', activity_sub_type: 'SUBTYPE_DOCUMENT_DOC' },
      ['body', 'activity_sub_type'],
    ],
    [
      'a hosted video',
      {
        activity_type: 'TYPE_VIDEO',
        activity_sub_type: 'SUBTYPE_VIDEO_HOSTED',
        content: { filename: 'x.mp4' },
      },
      ['body', 'activity_sub_type'],
    ],
    [
      'an external video on another host',
      {
        activity_type: 'TYPE_VIDEO',
        activity_sub_type: 'SUBTYPE_VIDEO_YOUTUBE',
        content: { uri: 'https://tracker.example/embed', type: 'youtube' },
      },
      ['body', 'content', 'uri'],
    ],
    [
      'video details of the wrong type',
      {
        activity_type: 'TYPE_VIDEO',
        activity_sub_type: 'SUBTYPE_VIDEO_YOUTUBE',
        content: { uri: 'https://youtu.be/x' },
        details: { startTime: 'soon' },
      },
      ['body', 'details', 'startTime'],
    ],
  ])('refuses %s with a 422', async (_name, body, loc) => {
    const { admin, chapter } = await courseWithChapter(t);
    const response = await post(admin.headers, { name: 'Nope', chapter_id: chapter.id, ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(expect.objectContaining({ loc }));
    expect(
      await t.db.selectFrom('activities').select('id').where('course_id', '=', chapter.course_id).execute(),
    ).toEqual([]);
  });

  it('needs edit rights on the course; tokens by the courses bucket of their own org', async () => {
    const { org, chapter } = await courseWithChapter(t);
    const body = { name: 'x', chapter_id: chapter.id };
    expect((await post({}, body)).statusCode).toBe(401);
    expect((await post((await signedInUser(t, org, 'user')).headers, body)).statusCode).toBe(403);
    expect((await post((await signedInUser(t, await createOrg(t), 'admin')).headers, body)).statusCode).toBe(
      403,
    );
    expect((await post((await createApiToken(t, await createOrg(t))).headers, body)).statusCode).toBe(403);
    expect(
      (await post((await createApiToken(t, org, { courses: { action_read: true } })).headers, body))
        .statusCode,
    ).toBe(403);
    const token = await createApiToken(t, org, { courses: { action_create: true } });
    const created = await post(token.headers, body);
    expect(created.statusCode).toBe(200);
    expect(created.json().last_modified_by_id).toBe(token.token.created_by_user_id);
    expect(
      (await post((await signedInUser(t, org, 'admin')).headers, { ...body, chapter_id: 999_999 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET and DELETE /activities/{activity_uuid}', () => {
  it('hides drafts from readers and applies the course read rules', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t, { public: 'false' });
    await publishCourse(t, course, admin.headers);
    const live = await createActivity(t, chapter, admin.headers);
    const draft = await createActivity(t, chapter, admin.headers, { published: false });
    const get = (uuid: string, headers: Headers) =>
      t.inject({ method: 'GET', url: `/api/v1/activities/${uuid}`, headers });
    const member = await signedInUser(t, org, 'user');
    expect((await get(live.activity_uuid, member.headers)).statusCode).toBe(200);
    expect((await get(draft.activity_uuid, member.headers)).statusCode).toBe(404);
    expect((await get(draft.activity_uuid, admin.headers)).statusCode).toBe(200);
    expect((await get(live.activity_uuid, {})).statusCode).toBe(401);
    expect(
      (await get(live.activity_uuid, (await signedInUser(t, await createOrg(t))).headers)).statusCode,
    ).toBe(403);
    expect(
      (await get(live.activity_uuid, (await createApiToken(t, await createOrg(t))).headers)).statusCode,
    ).toBe(403);
    expect(
      (
        await get(
          live.activity_uuid,
          (
            await createApiToken(t, org, { courses: { action_read: true } })
          ).headers,
        )
      ).statusCode,
    ).toBe(200);
    expect((await get('activity_nope', admin.headers)).statusCode).toBe(404);
  });

  it('deletes the activity with its link, blocks, versions and files', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const page = await createActivity(t, chapter, admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      content: doc(paragraph('one')),
    });
    await put(page.activity_uuid, admin.headers, { content: doc(paragraph('two')) });
    const form = await multipartPayload({ activity_uuid: page.activity_uuid }, [
      { field: 'file_object', filename: 'a.mp3', contentType: 'audio/mpeg', content: SAMPLES.mp3Id3 },
    ]);
    const block = await t.inject({
      method: 'POST',
      url: '/api/v1/blocks/audio',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(block.statusCode).toBe(200);
    const video = await createHostedVideo(t, chapter, admin.headers);
    const activityFolder = (uuid: string) =>
      `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${uuid}`;
    const pageFiles = storedFiles(t, activityFolder(page.activity_uuid));
    expect(pageFiles).toHaveLength(1);
    const videoFiles = storedFiles(t, activityFolder(video.activity_uuid));
    expect(videoFiles).toHaveLength(1);

    const del = (headers: Headers) =>
      t.inject({ method: 'DELETE', url: `/api/v1/activities/${page.activity_uuid}`, headers });
    expect((await del((await signedInUser(t, org, 'user')).headers)).statusCode).toBe(403);
    expect(
      (await del((await createApiToken(t, org, { courses: { action_update: true } })).headers)).statusCode,
    ).toBe(403);
    const deleted = await del(admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'Activity deleted' });
    expect(await t.db.selectFrom('activities').select('id').where('id', '=', page.id).execute()).toEqual([]);
    expect(
      await t.db
        .selectFrom('chapter_activities')
        .select('activity_id')
        .where('activity_id', '=', page.id)
        .execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('blocks').select('id').where('activity_id', '=', page.id).execute()).toEqual(
      [],
    );
    expect(
      await t.db.selectFrom('activity_versions').select('id').where('activity_id', '=', page.id).execute(),
    ).toEqual([]);
    for (const key of pageFiles) expect(await t.ctx.storage.exists(key)).toBe(false);
    expect(storedFiles(t, activityFolder(video.activity_uuid))).toEqual(videoFiles);
    expect((await del(admin.headers)).statusCode).toBe(404);
  });
});

describe('PUT /activities/{activity_uuid}', () => {
  it('changes only the fields sent', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const video = await createActivity(t, chapter, admin.headers, {
      activity_type: 'TYPE_VIDEO',
      activity_sub_type: 'SUBTYPE_VIDEO_YOUTUBE',
      content: { uri: 'https://youtu.be/a', type: 'youtube' },
      details: { startTime: 1, autoplay: true },
      published: false,
      extra_metadata: { level: 'easy' },
    });
    const renamed = await put(video.activity_uuid, admin.headers, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      content: { uri: 'https://youtu.be/a', type: 'youtube' },
      details: { startTime: 1, autoplay: true },
      published: false,
      lock_type: 'public',
      extra_metadata: { level: 'easy' },
      chapter_id: chapter.id,
      version: 1,
    });
    const changed = await put(video.activity_uuid, admin.headers, {
      published: true,
      lock_type: 'authenticated',
      details: { muted: true },
      activity_type: 'TYPE_VIDEO',
    });
    expect(changed.json()).toMatchObject({
      name: 'Renamed',
      published: true,
      lock_type: 'authenticated',
      details: { muted: true },
    });
    const nulled = await put(video.activity_uuid, admin.headers, { details: null, extra_metadata: null });
    expect(nulled.json()).toMatchObject({ details: null, extra_metadata: null });
    expect((await put(video.activity_uuid, admin.headers, { details: { endTime: -1 } })).statusCode).toBe(
      422,
    );
    expect(
      (await put(video.activity_uuid, admin.headers, { content: { uri: 'not a url' } })).statusCode,
    ).toBe(422);
  });

  it('refuses a change of activity_type or activity_sub_type with a 422', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const activity = await createActivity(t, chapter, admin.headers);
    const typeChange = await put(activity.activity_uuid, admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      name: 'x',
    });
    expect(typeChange.statusCode).toBe(422);
    expect(typeChange.json().detail[0].loc).toEqual(['body', 'activity_type']);
    const subTypeChange = await put(activity.activity_uuid, admin.headers, {
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
    });
    expect(subTypeChange.statusCode).toBe(422);
    expect(subTypeChange.json().detail[0].loc).toEqual(['body', 'activity_sub_type']);
    expect((await put(activity.activity_uuid, admin.headers, { activity_type: 'TYPE_NEW' })).statusCode).toBe(
      422,
    );
    const same = await put(activity.activity_uuid, admin.headers, {
      activity_type: 'TYPE_CUSTOM',
      activity_sub_type: 'SUBTYPE_CUSTOM',
      name: 'Same types',
    });
    expect(same.statusCode).toBe(200);
    const read = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${activity.activity_uuid}`,
      headers: admin.headers,
    });
    expect(read.json()).toMatchObject({ name: 'Same types', activity_type: 'TYPE_CUSTOM' });
  });

  it('refuses a stale version with 409 and a published_version beyond the current one with 422', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const activity = await createActivity(t, chapter, admin.headers);
    const first = await put(activity.activity_uuid, admin.headers, { version: 1, content: { step: 2 } });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await put(activity.activity_uuid, admin.headers, { version: 1, content: { step: 3 } });
    expect(stale.statusCode).toBe(409);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/activities/${activity.activity_uuid}`,
          headers: admin.headers,
        })
      ).json().content,
    ).toEqual({ step: 2 });
    expect((await put(activity.activity_uuid, admin.headers, { published_version: 3 })).statusCode).toBe(422);
    const pinned = await put(activity.activity_uuid, admin.headers, { version: 2, published_version: 2 });
    expect(pinned.json()).toMatchObject({ version: 2, published_version: 2 });
  });

  it('refuses to rewrite the content the server built for an upload', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const video = await createHostedVideo(t, chapter, admin.headers);
    const rewrite = await put(video.activity_uuid, admin.headers, {
      content: { filename: '../../../etc/passwd', activity_uuid: video.activity_uuid },
    });
    expect(rewrite.statusCode).toBe(422);
    expect(rewrite.json().detail[0].loc).toEqual(['body', 'content']);
    expect(
      (await put(video.activity_uuid, admin.headers, { content: video.content as Json })).statusCode,
    ).toBe(200);
  });

  it('authorizes by edit rights; tokens by the courses bucket of their own org', async () => {
    const { org, admin, chapter } = await courseWithChapter(t);
    const activity = await createActivity(t, chapter, admin.headers);
    const change = { name: 'Changed' };
    expect((await put(activity.activity_uuid, {}, change)).statusCode).toBe(401);
    expect(
      (await put(activity.activity_uuid, (await signedInUser(t, org, 'user')).headers, change)).statusCode,
    ).toBe(403);
    expect(
      (await put(activity.activity_uuid, (await createApiToken(t, await createOrg(t))).headers, change))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await put(
          activity.activity_uuid,
          (
            await createApiToken(t, org, { courses: { action_create: true } })
          ).headers,
          change,
        )
      ).statusCode,
    ).toBe(403);
    const token = await createApiToken(t, org, { courses: { action_update: true } });
    const updated = await put(activity.activity_uuid, token.headers, change);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().last_modified_by_id).toBe(token.token.created_by_user_id);
  });
});

describe('versions', () => {
  async function versionEvents(activityId: number) {
    return (await outboxEvents(t, 'activity_version_created')).filter(
      (e) => e.data.activity_id === activityId,
    );
  }

  it('snapshots the previous content on each content change, lists, reads and restores', async () => {
    const { org, admin, chapter } = await courseWithChapter(t);
    const editor = await signedInUser(t, org, 'maintainer');
    const activity = await createActivity(t, chapter, admin.headers, { content: { text: 'v1' } });
    const v2 = await put(activity.activity_uuid, editor.headers, { content: { text: 'v2' } });
    expect(v2.json()).toMatchObject({ version: 2, current_version: 2, last_modified_by_id: editor.user.id });
    // Changes without content take no snapshot.
    await put(activity.activity_uuid, admin.headers, { name: 'Renamed', published: true });
    const v3 = await put(activity.activity_uuid, admin.headers, { content: { text: 'v3' } });
    expect(v3.json().version).toBe(3);

    let events = await versionEvents(activity.id);
    expect(events.map((e) => e.data)).toEqual([
      { activity_id: activity.id, version_number: 1, created_by_id: editor.user.id },
      { activity_id: activity.id, version_number: 2, created_by_id: admin.user.id },
    ]);

    const base = `/api/v1/activities/${activity.activity_uuid}/versions`;
    const list = await t.inject({ method: 'GET', url: base, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().map((v: { version_number: number; content: Json }) => [v.version_number, v.content]),
    ).toEqual([
      [2, { text: 'v2' }],
      [1, { text: 'v1' }],
    ]);
    expect(list.json()[0]).toMatchObject({ activity_id: activity.id, created_by_id: admin.user.id });
    expect(list.json()[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const one = await t.inject({ method: 'GET', url: `${base}/1`, headers: admin.headers });
    expect(one.json()).toMatchObject({ version_number: 1, content: { text: 'v1' } });
    expect((await t.inject({ method: 'GET', url: `${base}/9`, headers: admin.headers })).statusCode).toBe(
      404,
    );
    const learner = await signedInUser(t, org, 'user');
    expect((await t.inject({ method: 'GET', url: base, headers: learner.headers })).statusCode).toBe(403);

    const restored = await t.inject({ method: 'POST', url: `${base}/1/restore`, headers: admin.headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      content: { text: 'v1' },
      version: 4,
      name: 'Renamed',
      published: true,
    });
    events = await versionEvents(activity.id);
    expect(events.map((e) => e.data.version_number)).toEqual([1, 2, 3]);
    const restoredEvents = (await outboxEvents(t, 'activity_version_restored')).filter(
      (e) => e.data.activity_uuid === activity.activity_uuid,
    );
    expect(restoredEvents.map((e) => e.data)).toEqual([
      { activity_uuid: activity.activity_uuid, restored_version_number: 1, new_version_number: 4 },
    ]);
    const after = await t.inject({ method: 'GET', url: base, headers: admin.headers });
    expect(after.json().map((v: { version_number: number }) => v.version_number)).toEqual([3, 2, 1]);
    expect(after.json()[0].content).toEqual({ text: 'v3' });
    expect(
      (await t.inject({ method: 'POST', url: `${base}/42/restore`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: `${base}/1/restore`, headers: learner.headers })).statusCode,
    ).toBe(403);
  });

  it('does not snapshot empty content', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const activity = await createActivity(t, chapter, admin.headers, { content: {} });
    const updated = await put(activity.activity_uuid, admin.headers, { content: { text: 'first' } });
    expect(updated.json().version).toBe(1);
    expect(await versionEvents(activity.id)).toEqual([]);
  });

  it('keeps the 20 newest snapshots', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const activity = await createActivity(t, chapter, admin.headers, { content: { n: 0 } });
    for (let n = 1; n <= 23; n++) {
      expect((await put(activity.activity_uuid, admin.headers, { content: { n } })).statusCode).toBe(200);
    }
    const list = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${activity.activity_uuid}/versions?limit=100`,
      headers: admin.headers,
    });
    const numbers = list.json().map((v: { version_number: number }) => v.version_number);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    expect(await versionEvents(activity.id)).toHaveLength(23);
    const page = await t.inject({
      method: 'GET',
      url: `/api/v1/activities/${activity.activity_uuid}/versions?limit=5&offset=5`,
      headers: admin.headers,
    });
    expect(page.json().map((v: { version_number: number }) => v.version_number)).toEqual([
      18, 17, 16, 15, 14,
    ]);
  });
});
