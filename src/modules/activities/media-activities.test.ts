/**
 * Activities whose content the server builds: hosted videos and PDFs (multipart uploads,
 * declared type and magic bytes both checked, fields before or after the file) and
 * external videos (YouTube/Vimeo URLs). All start unpublished.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createApiToken,
  createOrg,
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

const mp4 = (contentType = 'video/mp4', content: Buffer = SAMPLES.mp4): FilePart => ({
  field: 'video_file',
  filename: 'lesson.mp4',
  contentType,
  content,
});

async function upload(
  path: 'video' | 'documentpdf',
  headers: Headers,
  fields: Record<string, string>,
  file?: FilePart,
) {
  const form = await multipartPayload(fields, file ? [file] : []);
  return t.inject({
    method: 'POST',
    url: `/api/v1/activities/${path}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** A body whose file part comes before the text fields (some clients send it so). */
async function uploadFileFirst(
  path: string,
  headers: Headers,
  file: FilePart,
  fields: Record<string, string>,
) {
  const form = new FormData();
  form.append(
    file.field,
    new Blob([new Uint8Array(file.content)], { type: file.contentType }),
    file.filename,
  );
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return t.inject({
    method: 'POST',
    url: `/api/v1/activities/${path}`,
    headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function activitiesOfCourse(courseId: number) {
  return t.db.selectFrom('activities').select('id').where('course_id', '=', courseId).execute();
}

describe('POST /activities/video', () => {
  it('stores an MP4 and creates an unpublished hosted video with server-built content and details', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const response = await upload(
      'video',
      admin.headers,
      {
        name: 'Lecture',
        chapter_id: String(chapter.id),
        details: JSON.stringify({ startTime: 3, endTime: 60, autoplay: true, muted: false }),
        published: 'true',
      },
      mp4(),
    );
    expect(response.statusCode).toBe(200);
    const activity = response.json();
    expect(activity).toMatchObject({
      name: 'Lecture',
      chapter_id: chapter.id,
      course_id: course.id,
      activity_type: 'TYPE_VIDEO',
      activity_sub_type: 'SUBTYPE_VIDEO_HOSTED',
      published: false,
      details: { startTime: 3, endTime: 60, autoplay: true, muted: false },
    });
    expect(activity.content).toEqual({
      filename: expect.stringMatching(/^[0-9a-f-]{36}_video\.mp4$/),
      activity_uuid: activity.activity_uuid,
    });
    const key = `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${activity.activity_uuid}/video/${activity.content.filename}`;
    expect(await t.ctx.storage.exists(key)).toBe(true);
    expect((await t.ctx.storage.stat(key))?.size).toBe(SAMPLES.mp4.length);
  });

  it('takes WebM too, and details default to {}', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const response = await upload(
      'video',
      admin.headers,
      { name: 'Clip', chapter_id: String(chapter.id) },
      { field: 'video_file', filename: 'clip.webm', contentType: 'video/webm', content: SAMPLES.webm },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().content.filename).toMatch(/_video\.webm$/);
    expect(response.json().details).toEqual({});
  });

  it('answers "Video : Wrong video format" for another declared type, storing nothing', async () => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const before = storedFiles(t);
    for (const declared of ['video/quicktime', 'application/octet-stream', 'image/png']) {
      const response = await upload(
        'video',
        admin.headers,
        { name: 'x', chapter_id: String(chapter.id) },
        mp4(declared),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'Video : Wrong video format' });
    }
    expect(storedFiles(t)).toEqual(before);
    expect(await activitiesOfCourse(course.id)).toEqual([]);
  });

  it('refuses a declared MP4 whose bytes are something else (415)', async () => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const before = storedFiles(t);
    for (const content of [SAMPLES.html, SAMPLES.webm, SAMPLES.exe]) {
      const response = await upload(
        'video',
        admin.headers,
        { name: 'x', chapter_id: String(chapter.id) },
        mp4('video/mp4', content),
      );
      expect(response.statusCode).toBe(415);
    }
    expect(storedFiles(t)).toEqual(before);
    expect(await activitiesOfCourse(course.id)).toEqual([]);
  });

  it('works when the fields come after the file (staged, then moved into place)', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const response = await uploadFileFirst('video', admin.headers, mp4(), {
      name: 'Late fields',
      chapter_id: String(chapter.id),
      details: '{"muted":true}',
    });
    expect(response.statusCode).toBe(200);
    const activity = response.json();
    expect(activity).toMatchObject({ name: 'Late fields', published: false, details: { muted: true } });
    const folder = `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${activity.activity_uuid}/video`;
    expect(storedFiles(t, folder)).toEqual([`${folder}/${activity.content.filename}`]);
    expect(storedFiles(t, 'staging')).toEqual([]);
  });

  it('leaves no file behind when the late fields are refused', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const learner = await signedInUser(t, org, 'user');
    const before = storedFiles(t);
    const cases: [Headers, Record<string, string>, number][] = [
      [learner.headers, { name: 'x', chapter_id: String(chapter.id) }, 403],
      [admin.headers, { name: 'x', chapter_id: '999999' }, 404],
      [admin.headers, { name: 'x' }, 422],
      [admin.headers, { chapter_id: String(chapter.id) }, 422],
      [admin.headers, { name: 'x', chapter_id: 'first' }, 422],
      [admin.headers, { name: 'x', chapter_id: String(chapter.id), details: '{broken' }, 422],
      [admin.headers, { name: 'x', chapter_id: String(chapter.id), details: '{"startTime":-5}' }, 422],
    ];
    for (const [headers, fields, status] of cases) {
      const late = await uploadFileFirst('video', headers, mp4(), fields);
      expect(late.statusCode, JSON.stringify(fields)).toBe(status);
      const early = await upload('video', headers, fields, mp4());
      expect(early.statusCode, JSON.stringify(fields)).toBe(status);
    }
    expect(storedFiles(t)).toEqual(before);
    expect(await activitiesOfCourse(course.id)).toEqual([]);
  });

  it('locates a bad details field in the body', async () => {
    const { admin, chapter } = await courseWithChapter(t);
    const broken = await upload(
      'video',
      admin.headers,
      { name: 'x', chapter_id: String(chapter.id), details: 'nope' },
      mp4(),
    );
    expect(broken.json().detail[0]).toMatchObject({ loc: ['body', 'details'], type: 'json_invalid' });
    const badEnd = await upload(
      'video',
      admin.headers,
      { name: 'x', chapter_id: String(chapter.id), details: '{"startTime":10,"endTime":5}' },
      mp4(),
    );
    expect(badEnd.json().detail[0].loc).toEqual(['body', 'details', 'endTime']);
  });

  it('needs a file (400) and edit rights; tokens need courses.action_create in their org', async () => {
    const { org, chapter } = await courseWithChapter(t);
    const admin = await signedInUser(t, org, 'admin');
    const fields = { name: 'x', chapter_id: String(chapter.id) };
    const noFile = await upload('video', admin.headers, fields);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ detail: 'Video : No video file provided' });
    expect((await upload('video', {}, fields, mp4())).statusCode).toBe(401);
    expect(
      (await upload('video', (await signedInUser(t, org, 'user')).headers, fields, mp4())).statusCode,
    ).toBe(403);
    expect(
      (await upload('video', (await createApiToken(t, await createOrg(t))).headers, fields, mp4()))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          'video',
          (
            await createApiToken(t, org, { courses: { action_read: true } })
          ).headers,
          fields,
          mp4(),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          'video',
          (
            await createApiToken(t, org, { courses: { action_create: true } })
          ).headers,
          fields,
          mp4(),
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('POST /activities/documentpdf', () => {
  const pdf = (contentType = 'application/pdf', content: Buffer = SAMPLES.pdf): FilePart => ({
    field: 'pdf_file',
    filename: 'notes.pdf',
    contentType,
    content,
  });

  it('stores the PDF and creates an unpublished document activity', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    const response = await upload(
      'documentpdf',
      admin.headers,
      { name: 'Notes', chapter_id: String(chapter.id) },
      pdf(),
    );
    expect(response.statusCode).toBe(200);
    const activity = response.json();
    expect(activity).toMatchObject({
      activity_type: 'TYPE_DOCUMENT',
      activity_sub_type: 'SUBTYPE_DOCUMENT_PDF',
      published: false,
      details: null,
      content: {
        filename: expect.stringMatching(/^[0-9a-f-]{36}_documentpdf\.pdf$/),
        activity_uuid: activity.activity_uuid,
      },
    });
    expect(
      await t.ctx.storage.exists(
        `orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${activity.activity_uuid}/documentpdf/${activity.content.filename}`,
      ),
    ).toBe(true);
    const late = await uploadFileFirst('documentpdf', admin.headers, pdf(), {
      name: 'Late',
      chapter_id: String(chapter.id),
    });
    expect(late.statusCode).toBe(200);
  });

  it('answers "Pdf : Wrong pdf format" for another declared type and 415 for bytes that are not a PDF', async () => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const before = storedFiles(t);
    const fields = { name: 'x', chapter_id: String(chapter.id) };
    const wrongType = await upload('documentpdf', admin.headers, fields, pdf('application/msword'));
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ detail: 'Pdf : Wrong pdf format' });
    expect(
      (await upload('documentpdf', admin.headers, fields, pdf('application/pdf', SAMPLES.html))).statusCode,
    ).toBe(415);
    const noFile = await upload('documentpdf', admin.headers, fields);
    expect(noFile.json()).toEqual({ detail: 'Pdf : No pdf file provided' });
    expect(storedFiles(t)).toEqual(before);
    expect(await activitiesOfCourse(course.id)).toEqual([]);
  });

  it('takes its file reference only from the upload: the generic create refuses one', async () => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const generic = (content?: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/activities/',
        headers: admin.headers,
        payload: {
          name: 'Forged',
          chapter_id: chapter.id,
          activity_type: 'TYPE_DOCUMENT',
          activity_sub_type: 'SUBTYPE_DOCUMENT_PDF',
          ...(content === undefined ? {} : { content }),
        },
      });
    const forged = await generic({ filename: '../../other-course/secret.pdf', activity_uuid: 'activity_x' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().detail[0].loc).toEqual(['body', 'content']);
    expect(await activitiesOfCourse(course.id)).toEqual([]);
    const shell = await generic();
    expect(shell.statusCode).toBe(200);
    expect(shell.json()).toMatchObject({ activity_sub_type: 'SUBTYPE_DOCUMENT_PDF', content: {} });
  });
});

describe('POST /activities/external_video', () => {
  function external(headers: Headers, body: Record<string, unknown>) {
    return t.inject({ method: 'POST', url: '/api/v1/activities/external_video', headers, payload: body });
  }

  it.each([
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ'],
    ['vimeo', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://player.vimeo.com/video/76979871'],
  ])('creates a %s video from %s, unpublished, under the YouTube sub-type', async (type, uri) => {
    const { admin, chapter } = await courseWithChapter(t);
    const response = await external(admin.headers, {
      name: 'Talk',
      uri,
      type,
      chapter_id: String(chapter.id),
      details: '{"startTime":1,"autoplay":false}',
    });
    expect(response.statusCode).toBe(200);
    const activity = response.json();
    expect(activity).toMatchObject({
      chapter_id: chapter.id,
      activity_type: 'TYPE_VIDEO',
      activity_sub_type: 'SUBTYPE_VIDEO_YOUTUBE',
      published: false,
      details: { startTime: 1, autoplay: false },
      content: { uri, type, activity_uuid: activity.activity_uuid },
    });
  });

  it.each([
    ['a Vimeo URL declared as youtube', { type: 'youtube', uri: 'https://vimeo.com/1' }, ['body', 'uri']],
    ['a YouTube URL declared as vimeo', { type: 'vimeo', uri: 'https://youtu.be/x' }, ['body', 'uri']],
    [
      'a look-alike host',
      { type: 'youtube', uri: 'https://youtube.com.evil.test/watch?v=x' },
      ['body', 'uri'],
    ],
    ['a javascript: URL', { type: 'youtube', uri: 'javascript:alert(1)//youtube.com' }, ['body', 'uri']],
    ['not a URL', { type: 'youtube', uri: 'youtube' }, ['body', 'uri']],
    ['another player', { type: 'dailymotion', uri: 'https://dailymotion.com/x' }, ['body', 'type']],
    ['bad details', { type: 'youtube', uri: 'https://youtu.be/x', details: '[1]' }, ['body', 'details']],
    [
      'a chapter id that is not a number',
      { type: 'youtube', uri: 'https://youtu.be/x', chapter_id: 'one' },
      ['body', 'chapter_id'],
    ],
  ])('refuses %s with a 422', async (_name, body, loc) => {
    const { admin, course, chapter } = await courseWithChapter(t);
    const response = await external(admin.headers, { name: 'x', chapter_id: String(chapter.id), ...body });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual(
      expect.objectContaining({ loc: expect.arrayContaining(loc) }),
    );
    expect(await activitiesOfCourse(course.id)).toEqual([]);
  });

  it('accepts a numeric chapter_id and needs edit rights', async () => {
    const { org, admin, chapter } = await courseWithChapter(t);
    const body = { name: 'x', type: 'youtube', uri: 'https://youtu.be/x', chapter_id: chapter.id };
    expect((await external(admin.headers, body)).statusCode).toBe(200);
    expect((await external({}, body)).statusCode).toBe(401);
    expect((await external((await signedInUser(t, org, 'user')).headers, body)).statusCode).toBe(403);
    expect((await external((await createApiToken(t, await createOrg(t))).headers, body)).statusCode).toBe(
      403,
    );
    expect((await external(admin.headers, { ...body, chapter_id: 999_999 })).statusCode).toBe(404);
  });
});
