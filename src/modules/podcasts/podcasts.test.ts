import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, createOrg, outboxEvents, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartPayload } from '../../../test/multipart.ts';
import { SAMPLES } from '../../../test/sample-files.ts';
import type { OrgRow } from '../orgs/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

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

const status = async (url: string, headers: Headers = {}) =>
  (await t.inject({ method: 'GET', url, headers })).statusCode;

const MP3 = Buffer.concat([SAMPLES.mp3Id3, Buffer.alloc(2048, 7)]);

interface Upload {
  filename: string;
  type: string;
  content: Buffer;
  field?: string;
}

async function postEpisode(
  headers: Headers,
  podcastUuid: string,
  fields: Record<string, string>,
  file?: Upload,
) {
  const files = file
    ? [
        {
          field: file.field ?? 'audio_file',
          filename: file.filename,
          contentType: file.type,
          content: file.content,
        },
      ]
    : [];
  const body = await multipartPayload(fields, files);
  return t.inject({
    method: 'POST',
    url: `/api/v1/podcasts/${podcastUuid}/episodes`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function newPodcast(headers: Headers, org: OrgRow, body: object = {}) {
  return ok('POST', `/api/v1/podcasts/?org_id=${org.id}`, headers, { name: 'Weekly', ...body });
}

/** Every file under the content folder (finished or partial). */
function storedFiles(): string[] {
  const root = join(t.dataDir, 'content');
  return existsSync(root)
    ? (readdirSync(root, { recursive: true, withFileTypes: true }) as { isFile(): boolean; name: string }[])
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];
}

describe('podcasts', () => {
  it('create, read, list, update, delete; the creator is CREATOR/ACTIVE with a full UserRead', async () => {
    const org = await createOrg(t);
    const instructor = await signedInUser(t, org, 'instructor');
    const podcast = await newPodcast(instructor.headers, org, { description: 'News', tags: 'news,weekly' });
    expect(podcast).toEqual({
      name: 'Weekly',
      description: 'News',
      about: null,
      tags: 'news,weekly',
      thumbnail_image: null,
      public: true,
      published: false,
      id: expect.any(Number),
      org_id: org.id,
      authors: [
        {
          user: expect.objectContaining({
            id: instructor.user.id,
            user_uuid: instructor.user.user_uuid,
            email: instructor.user.email,
            username: instructor.user.username,
          }),
          authorship: 'CREATOR',
          authorship_status: 'ACTIVE',
          creation_date: expect.any(String),
          update_date: expect.any(String),
        },
      ],
      podcast_uuid: expect.stringMatching(/^podcast_/),
      creation_date: expect.any(String),
      update_date: expect.any(String),
      seo: null,
    });
    const updated = await ok('PUT', `/api/v1/podcasts/${podcast.podcast_uuid}`, instructor.headers, {
      published: true,
      seo: { title: 'Weekly news' },
    });
    expect(updated).toMatchObject({ published: true, seo: { title: 'Weekly news' }, description: 'News' });
    const list = await ok('GET', `/api/v1/podcasts/org/${org.id}/page/1/limit/10`, instructor.headers);
    expect(list.map((p: { podcast_uuid: string }) => p.podcast_uuid)).toEqual([podcast.podcast_uuid]);
    await ok('DELETE', `/api/v1/podcasts/${podcast.podcast_uuid}`, instructor.headers);
    expect(await status(`/api/v1/podcasts/${podcast.podcast_uuid}`, instructor.headers)).toBe(404);
  });

  it('visibility: drafts for authors and editors, private for members, public for anyone; tokens refused', async () => {
    const org = await createOrg(t);
    const admin = await signedInUser(t, org, 'admin');
    const author = await signedInUser(t, org, 'instructor');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'user');
    const draft = await newPodcast(author.headers, org, { name: 'Draft' });
    const membersOnly = await newPodcast(author.headers, org, {
      name: 'Members',
      published: true,
      public: false,
    });
    const open = await newPodcast(author.headers, org, { name: 'Open', published: true });
    const url = (p: { podcast_uuid: string }) => `/api/v1/podcasts/${p.podcast_uuid}`;
    expect(await status(url(draft), author.headers)).toBe(200);
    expect(await status(url(draft), admin.headers)).toBe(200);
    expect(await status(url(draft), learner.headers)).toBe(403);
    expect(await status(url(membersOnly), learner.headers)).toBe(200);
    expect(await status(url(membersOnly), outsider.headers)).toBe(403);
    expect(await status(url(membersOnly))).toBe(401);
    expect(await status(url(open))).toBe(200);
    const names = async (headers: Headers) =>
      (await ok('GET', `/api/v1/podcasts/org/${org.id}/page/1/limit/10`, headers)).map(
        (p: { name: string }) => p.name,
      );
    expect(await names(learner.headers)).toEqual(['Open', 'Members']);
    expect(await names(outsider.headers)).toEqual(['Open']);
    expect(await names(author.headers)).toEqual(['Open', 'Members', 'Draft']);

    const otherInstructor = await signedInUser(t, org, 'instructor');
    const notTheirs = await t.inject({
      method: 'PUT',
      url: url(open),
      headers: otherInstructor.headers,
      payload: { name: 'Mine' },
    });
    expect(notTheirs.statusCode).toBe(403);
    const learnerCreates = await t.inject({
      method: 'POST',
      url: `/api/v1/podcasts/?org_id=${org.id}`,
      headers: learner.headers,
      payload: { name: 'x' },
    });
    expect(learnerCreates.statusCode).toBe(403);
    const token = await createApiToken(t, org);
    const byToken = await t.inject({ method: 'GET', url: url(open), headers: token.headers });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().detail).toBe("API tokens cannot access 'podcasts' resources");
  });
});

describe('episodes', () => {
  it('uploads audio (podcast_episode_created once), numbers episodes, updates, deletes the file', async () => {
    const org = await createOrg(t);
    const author = await signedInUser(t, org, 'instructor');
    const podcast = await newPodcast(author.headers, org, { published: true });
    const first = await postEpisode(
      author.headers,
      podcast.podcast_uuid,
      { title: 'Pilot', description: 'Hello' },
      {
        filename: 'pilot.mp3',
        type: 'audio/mpeg',
        content: MP3,
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    const episode = first.json();
    expect(episode).toEqual({
      id: expect.any(Number),
      episode_uuid: expect.stringMatching(/^episode_/),
      podcast_id: podcast.id,
      podcast_uuid: podcast.podcast_uuid,
      org_id: org.id,
      title: 'Pilot',
      description: 'Hello',
      episode_number: 1,
      audio_file: expect.stringMatching(
        new RegExp(`^orgs/${org.org_uuid}/podcasts/${podcast.podcast_uuid}/episodes/[0-9a-f-]+_audio\\.mp3$`),
      ),
      audio_content_type: 'audio/mpeg',
      audio_size: MP3.length,
      creation_date: expect.any(String),
      update_date: expect.any(String),
    });
    const stored = join(t.dataDir, 'content', ...episode.audio_file.split('/'));
    expect(readFileSync(stored).equals(MP3)).toBe(true);
    const events = (await outboxEvents(t, 'podcast_episode_created')).filter(
      (e) => e.data.podcast_uuid === podcast.podcast_uuid,
    );
    expect(events.map((e) => [e.org_id, e.data])).toEqual([
      [
        org.id,
        {
          episode_uuid: episode.episode_uuid,
          podcast_uuid: podcast.podcast_uuid,
          title: 'Pilot',
          episode_number: 1,
        },
      ],
    ]);

    const second = await postEpisode(
      author.headers,
      podcast.podcast_uuid,
      { title: 'Two' },
      {
        filename: 'two.m4a',
        type: 'audio/x-m4a',
        content: SAMPLES.m4a,
      },
    );
    expect(second.json()).toMatchObject({ episode_number: 2, audio_content_type: 'audio/mp4' });
    const numbered = await postEpisode(
      author.headers,
      podcast.podcast_uuid,
      { title: 'Ten', episode_number: '10' },
      {
        filename: 'ten.ogg',
        type: 'audio/ogg',
        content: SAMPLES.ogg,
      },
    );
    expect(numbered.json().episode_number).toBe(10);

    const listed = await ok('GET', `/api/v1/podcasts/${podcast.podcast_uuid}/episodes`, {});
    expect(listed.map((e: { title: string }) => e.title)).toEqual(['Pilot', 'Two', 'Ten']);
    const renamed = await ok('PUT', `/api/v1/episodes/${episode.episode_uuid}`, author.headers, {
      title: 'Pilot (remastered)',
    });
    expect(renamed).toMatchObject({ title: 'Pilot (remastered)', episode_number: 1 });
    expect(await ok('GET', `/api/v1/episodes/${episode.episode_uuid}`, {})).toMatchObject({
      title: 'Pilot (remastered)',
    });

    await ok('DELETE', `/api/v1/episodes/${episode.episode_uuid}`, author.headers);
    expect(existsSync(stored)).toBe(false);
    expect(await status(`/api/v1/episodes/${episode.episode_uuid}`)).toBe(404);

    const remaining = [second.json(), numbered.json()].map((e) =>
      join(t.dataDir, 'content', ...e.audio_file.split('/')),
    );
    expect(remaining.every((path) => existsSync(path))).toBe(true);
    await ok('DELETE', `/api/v1/podcasts/${podcast.podcast_uuid}`, author.headers);
    expect(remaining.some((path) => existsSync(path))).toBe(false);
    expect(await status(`/api/v1/episodes/${second.json().episode_uuid}`)).toBe(404);
  });

  it('refuses wrong files and forms, keeps nothing behind, and checks rights before storing', async () => {
    const org = await createOrg(t);
    const author = await signedInUser(t, org, 'instructor');
    const learner = await signedInUser(t, org, 'user');
    const podcast = await newPodcast(author.headers, org);
    const filesBefore = storedFiles().length;
    const cases: [Record<string, string>, Upload | undefined, number][] = [
      [{ title: 'x' }, { filename: 'x.flac', type: 'audio/flac', content: MP3 }, 415],
      [{ title: 'x' }, { filename: 'x.mp3', type: 'video/mp4', content: MP3 }, 415],
      [{ title: 'x' }, undefined, 422],
      [{}, { filename: 'x.mp3', type: 'audio/mpeg', content: MP3 }, 422],
      [{ title: 'x', episode_number: 'two' }, { filename: 'x.mp3', type: 'audio/mpeg', content: MP3 }, 422],
      [{ title: 'x' }, { filename: 'x.mp3', type: 'audio/mpeg', content: MP3, field: 'thumbnail' }, 422],
      [{ title: 'x' }, { filename: 'x.mp3', type: 'audio/mpeg', content: Buffer.alloc(0) }, 415],
      [{ title: 'x' }, { filename: 'x.mp3', type: 'audio/mpeg', content: SAMPLES.exe }, 415],
    ];
    for (const [fields, file, expected] of cases) {
      const response = await postEpisode(author.headers, podcast.podcast_uuid, fields, file);
      expect(response.statusCode, `${JSON.stringify(fields)} ${file?.filename}: ${response.body}`).toBe(
        expected,
      );
    }
    const notMultipart = await t.inject({
      method: 'POST',
      url: `/api/v1/podcasts/${podcast.podcast_uuid}/episodes`,
      headers: author.headers,
      payload: { title: 'json' },
    });
    expect(notMultipart.statusCode).toBe(422);
    const byLearner = await postEpisode(
      learner.headers,
      podcast.podcast_uuid,
      { title: 'x' },
      {
        filename: 'x.mp3',
        type: 'audio/mpeg',
        content: MP3,
      },
    );
    expect(byLearner.statusCode).toBe(403);
    expect(storedFiles().length).toBe(filesBefore);
    expect(await outboxEvents(t, 'podcast_episode_created')).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ podcast_uuid: podcast.podcast_uuid }) }),
    );
  });

  it('serves episode audio under /api/v1/content with the podcast read rules and byte ranges', async () => {
    const org = await createOrg(t);
    const author = await signedInUser(t, org, 'instructor');
    const learner = await signedInUser(t, org, 'user');
    const outsider = await signedInUser(t, await createOrg(t), 'user');
    const podcast = await newPodcast(author.headers, org, { public: false });
    const episode = (
      await postEpisode(
        author.headers,
        podcast.podcast_uuid,
        { title: 'Pilot' },
        { filename: 'pilot.mp3', type: 'audio/mpeg', content: MP3 },
      )
    ).json();
    const url = `/api/v1/content/${episode.audio_file}`;
    const fetch = (headers: Headers = {}) => t.inject({ method: 'GET', url, headers });

    // A draft: only those who may edit the podcast.
    expect((await fetch(author.headers)).statusCode).toBe(200);
    expect((await fetch(learner.headers)).statusCode).toBe(403);
    expect((await fetch()).statusCode).toBe(401);

    // Published but private: members, not outsiders or anonymous visitors.
    await ok('PUT', `/api/v1/podcasts/${podcast.podcast_uuid}`, author.headers, { published: true });
    const whole = await fetch(learner.headers);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['content-length']).toBe(String(MP3.length));
    expect(whole.rawPayload.equals(MP3)).toBe(true);
    const part = await fetch({ ...learner.headers, range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${MP3.length}`);
    expect(part.rawPayload.equals(MP3.subarray(100, 200))).toBe(true);
    expect((await fetch(outsider.headers)).statusCode).toBe(403);
    expect((await fetch()).statusCode).toBe(401);

    // Published and public: anyone.
    await ok('PUT', `/api/v1/podcasts/${podcast.podcast_uuid}`, author.headers, { public: true });
    expect((await fetch()).statusCode).toBe(200);

    // Keys that do not name an episode file of that podcast in that organization.
    const other = await createOrg(t);
    for (const key of [
      episode.audio_file.replace(org.org_uuid, other.org_uuid),
      episode.audio_file.replace(podcast.podcast_uuid, 'podcast_missing'),
      episode.audio_file.replace('/episodes/', '/covers/'),
    ]) {
      expect(await status(`/api/v1/content/${key}`), key).toBe(404);
    }
    await ok('DELETE', `/api/v1/episodes/${episode.episode_uuid}`, author.headers);
    expect((await fetch()).statusCode).toBe(404);
  });
});
