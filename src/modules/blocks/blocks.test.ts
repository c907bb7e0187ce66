/**
 * Media blocks over HTTP (spec §2.5, §4.4): uploads per kind with the spec's extensions,
 * BlockRead with `file_id` = uuid + '_' + block uuid, the file in the activity's folder,
 * session users who may edit only (tokens refused), and reading a block back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createOrg,
  publishCourse,
  signedInUser,
  storedFiles,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type FilePart, multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function postBlock(kind: string, headers: Headers, fields: Record<string, string>, file?: FilePart) {
  const form = await multipartPayload(fields, file ? [file] : []);
  return t.inject({
    method: 'POST',
    url: `/api/v1/blocks/${kind}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const part = (filename: string, content: Buffer, contentType = 'application/octet-stream'): FilePart => ({
  field: 'file_object',
  filename,
  contentType,
  content,
});

async function pageActivity() {
  const setup = await courseWithChapter(t);
  const activity = await createActivity(t, setup.chapter, setup.admin.headers, {
    activity_type: 'TYPE_DYNAMIC',
    activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
    content: { type: 'doc', content: [] },
  });
  return { ...setup, activity };
}

const ACCEPTED: [string, string, Buffer, string, string, string][] = [
  // kind, client file name, bytes, declared type, block_type, stored format
  ['image', 'photo.jpg', SAMPLES.jpeg, 'image/jpeg', 'BLOCK_IMAGE', 'jpg'],
  ['image', 'photo.JPEG', SAMPLES.jpeg, 'image/jpeg', 'BLOCK_IMAGE', 'jpg'],
  ['image', 'shot.png', SAMPLES.png, 'image/png', 'BLOCK_IMAGE', 'png'],
  ['image', 'anim.gif', SAMPLES.gif89, 'image/gif', 'BLOCK_IMAGE', 'gif'],
  ['image', 'pic.webp', SAMPLES.webp, 'image/webp', 'BLOCK_IMAGE', 'webp'],
  ['video', 'clip.mp4', SAMPLES.mp4, 'video/mp4', 'BLOCK_VIDEO', 'mp4'],
  ['video', 'clip.webm', SAMPLES.webm, 'video/webm', 'BLOCK_VIDEO', 'webm'],
  ['video', 'clip.ogg', SAMPLES.ogg, 'video/ogg', 'BLOCK_VIDEO', 'ogv'],
  ['pdf', 'doc.pdf', SAMPLES.pdf, 'application/pdf', 'BLOCK_DOCUMENT_PDF', 'pdf'],
  ['audio', 'song.mp3', SAMPLES.mp3Id3, 'audio/mpeg', 'BLOCK_AUDIO', 'mp3'],
  ['audio', 'sound.wav', SAMPLES.wav, 'audio/wav', 'BLOCK_AUDIO', 'wav'],
  ['audio', 'voice.ogg', SAMPLES.ogg, 'audio/ogg', 'BLOCK_AUDIO', 'ogg'],
  ['audio', 'talk.m4a', SAMPLES.m4a, 'audio/mp4', 'BLOCK_AUDIO', 'm4a'],
];

describe('POST /blocks/{image|video|pdf|audio}', () => {
  it.each(ACCEPTED)('%s block from %s', async (kind, filename, bytes, declared, blockType, format) => {
    const { org, admin, course, activity } = await pageActivity();
    const response = await postBlock(
      kind,
      admin.headers,
      { activity_uuid: activity.activity_uuid },
      part(filename, bytes, declared),
    );
    expect(response.statusCode).toBe(200);
    const block = response.json();
    expect(block).toEqual({
      id: expect.any(Number),
      block_uuid: expect.stringMatching(/^block_[0-9a-f-]{36}$/),
      block_type: blockType,
      content: {
        file_id: expect.any(String),
        file_format: format,
        file_name: filename,
        file_size: bytes.length,
        file_type: declared,
        activity_uuid: activity.activity_uuid,
      },
      org_id: org.id,
      course_id: course.id,
      chapter_id: null,
      activity_id: activity.id,
      creation_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      update_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(block.content.file_id).toMatch(new RegExp(`^[0-9a-f-]{36}_${block.block_uuid}$`));
    const folder = { image: 'imageBlock', video: 'videoBlock', pdf: 'pdfBlock', audio: 'audioBlock' }[kind];
    const key = `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${activity.activity_uuid}/dynamic/blocks/${folder}/${block.block_uuid}/${block.content.file_id}.${format}`;
    expect(await t.ctx.storage.exists(key)).toBe(true);
    const served = await t.inject({ method: 'GET', url: `/api/v1/content/${key}`, headers: admin.headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const mediaType = { image: 'image/', video: 'video/', pdf: 'application/pdf', audio: 'audio/' }[kind];
    expect(served.headers['content-type']).toMatch(new RegExp(`^${mediaType}`));
    expect(served.headers['content-length']).toBe(String(bytes.length));
    if (kind === 'video' || kind === 'audio') {
      // Players seek with byte ranges.
      const range = await t.inject({
        method: 'GET',
        url: `/api/v1/content/${key}`,
        headers: { ...admin.headers, range: 'bytes=2-5' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 2-5/${bytes.length}`);
      expect(range.rawPayload.equals(bytes.subarray(2, 6))).toBe(true);
    }
  });

  it.each([
    ['image', 'vector.svg', SAMPLES.svg],
    ['image', 'clip.mp4', SAMPLES.mp4],
    ['image', 'page.html', SAMPLES.html],
    ['video', 'movie.mov', SAMPLES.mp4],
    ['video', 'song.mp3', SAMPLES.mp3Id3],
    ['pdf', 'letter.docx', SAMPLES.zip],
    ['pdf', 'photo.png', SAMPLES.png],
    ['audio', 'track.flac', SAMPLES.wav],
    ['audio', 'clip.webm', SAMPLES.webm],
    ['image', 'fake.png', SAMPLES.html],
    ['audio', 'fake.mp3', SAMPLES.exe],
  ])('refuses a %s block from %s (415) and stores nothing', async (kind, filename, bytes) => {
    const { admin, activity } = await pageActivity();
    const before = storedFiles(t);
    const response = await postBlock(
      kind,
      admin.headers,
      { activity_uuid: activity.activity_uuid },
      part(filename, bytes),
    );
    expect(response.statusCode).toBe(415);
    expect(storedFiles(t)).toEqual(before);
    expect(
      await t.db.selectFrom('blocks').select('id').where('activity_id', '=', activity.id).execute(),
    ).toEqual([]);
  });

  it('refuses API tokens (403), anonymous callers (401) and users who may not edit (403)', async () => {
    const { org, activity } = await pageActivity();
    const image = part('a.png', SAMPLES.png, 'image/png');
    const fields = { activity_uuid: activity.activity_uuid };
    const before = storedFiles(t);
    const token = await createApiToken(t, org);
    const refused = await postBlock('image', token.headers, fields, image);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/token/i);
    expect((await postBlock('image', {}, fields, image)).statusCode).toBe(401);
    expect(
      (await postBlock('image', (await signedInUser(t, org, 'user')).headers, fields, image)).statusCode,
    ).toBe(403);
    expect(
      (await postBlock('image', (await signedInUser(t, await createOrg(t), 'admin')).headers, fields, image))
        .statusCode,
    ).toBe(403);
    expect(storedFiles(t)).toEqual(before);
  });

  it('needs an existing activity and a file, whatever the order of the parts', async () => {
    const { admin, activity } = await pageActivity();
    const before = storedFiles(t);
    const image = part('a.png', SAMPLES.png, 'image/png');
    expect(
      (await postBlock('image', admin.headers, { activity_uuid: 'activity_missing' }, image)).statusCode,
    ).toBe(404);
    const noUuid = await postBlock('image', admin.headers, {}, image);
    expect(noUuid.statusCode).toBe(422);
    expect(noUuid.json().detail[0].loc).toEqual(['body', 'activity_uuid']);
    expect(
      (await postBlock('image', admin.headers, { activity_uuid: activity.activity_uuid })).statusCode,
    ).toBe(400);
    expect(storedFiles(t)).toEqual(before);

    // File first, then the activity: staged, then moved under the activity.
    const form = new FormData();
    form.append('file_object', new Blob([new Uint8Array(SAMPLES.png)], { type: 'image/png' }), 'late.png');
    form.append('activity_uuid', activity.activity_uuid);
    const encoded = new Response(form);
    const late = await t.inject({
      method: 'POST',
      url: '/api/v1/blocks/image',
      headers: { ...admin.headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(late.statusCode).toBe(200);
    expect(storedFiles(t, 'staging')).toEqual([]);
    expect(storedFiles(t).filter((key) => key.includes(late.json().block_uuid))).toHaveLength(1);
  });
});

describe('GET /blocks/{kind}?block_uuid=', () => {
  it('returns the BlockRead to those who may read the activity, never to tokens', async () => {
    const { org, admin, course, activity } = await pageActivity();
    const uploaded = (
      await postBlock(
        'pdf',
        admin.headers,
        { activity_uuid: activity.activity_uuid },
        part('a.pdf', SAMPLES.pdf, 'application/pdf'),
      )
    ).json();
    const get = (headers: Headers, uuid = uploaded.block_uuid) =>
      t.inject({ method: 'GET', url: `/api/v1/blocks/pdf?block_uuid=${uuid}`, headers });
    const asAdmin = await get(admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(uploaded);
    const learner = await signedInUser(t, org, 'user');
    expect((await get(learner.headers)).statusCode).toBe(403);
    await publishCourse(t, course, admin.headers);
    expect((await get(learner.headers)).statusCode).toBe(200);
    expect((await get({})).statusCode).toBe(401);
    expect((await get((await createApiToken(t, org)).headers)).statusCode).toBe(403);
    expect((await get(admin.headers, 'block_missing')).statusCode).toBe(404);
  });
});

describe('blocks of locked activities', () => {
  it('GET /blocks refuses a block whose activity is locked for the caller', async () => {
    const { org, admin, course, activity } = await pageActivity();
    await publishCourse(t, course, admin.headers);
    const uploaded = (
      await postBlock(
        'image',
        admin.headers,
        { activity_uuid: activity.activity_uuid },
        part('a.png', SAMPLES.png, 'image/png'),
      )
    ).json();
    await t.inject({
      method: 'PUT',
      url: `/api/v1/activities/${activity.activity_uuid}`,
      headers: admin.headers,
      payload: { lock_type: 'restricted' },
    });
    const get = (headers: Headers) =>
      t.inject({ method: 'GET', url: `/api/v1/blocks/image?block_uuid=${uploaded.block_uuid}`, headers });
    expect((await get((await signedInUser(t, org, 'user')).headers)).statusCode).toBe(403);
    expect((await get(admin.headers)).statusCode).toBe(200);
  });
});
