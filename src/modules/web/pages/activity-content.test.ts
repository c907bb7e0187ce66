/**
 * What the activity page shows, through a cookie-keeping client: a page with every node type
 * for anonymous and signed-in readers of a public course, and every other activity kind,
 * markdown included (fetched from a loopback server on each view). Every page keeps the CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createHostedVideo, signedInUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../../test/https-receiver.ts';
import { multipartPayload } from '../../../../test/multipart.ts';
import { SAMPLES } from '../../../../test/sample-files.ts';
import { WebClient } from '../../../../test/web-client.ts';
import { expectSafePage } from './page-assertions.ts';
import { everyNodePage, publicCourse, type SampleBlocks, updateActivity } from './reader-test-content.ts';

let t: TestApp;
let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver((request) =>
    request.path === '/lesson.md'
      ? { status: 200, body: '# Photosynthesis\n\nLight becomes **sugar**.\n\n<script>alert(1)</script>' }
      : { status: 404 },
  );
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Setup = Awaited<ReturnType<typeof publicCourse>>;

describe('a page with every node type', () => {
  let setup: Setup;
  let url: string;
  let instructor: Awaited<ReturnType<typeof signedInUser>>;
  let blocks: SampleBlocks;

  beforeAll(async () => {
    setup = await publicCourse(t);
    instructor = await signedInUser(t, setup.org, 'instructor');
    const page = await everyNodePage(t, setup, instructor.user.id);
    blocks = page.blocks;
    url = setup.pageOf(page.activity);
  });

  const readers = {
    anonymous: () => new WebClient(t),
    'a signed-in member': async () => WebClient.withSession(t, (await signedInUser(t, setup.org)).token),
  };

  it.each(Object.keys(readers) as (keyof typeof readers)[])('is shown in full to %s', async (who) => {
    const page = await (await readers[who]()).get(url);
    expectSafePage(page);
    const body = page.body;
    expect(body).toContain('<h1 id="activity-title">Inside a cell</h1>');
    expect(body).toContain('<link rel="stylesheet" href="/assets/content.css">');
    expect(body).toContain('<link rel="stylesheet" href="/assets/code-highlight.css">');
    expect(body).toContain('<script type="module" src="/assets/reader.js"></script>');
    for (const marker of [
      '<h2>Cells</h2>',
      '<strong>Bold</strong><em> italic</em><br><a href="https://example.test/cells"',
      '&lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt;',
      '<ul><li><p>nucleus</p></li>',
      '<ol><li><p>first</p></li>',
      '<span class="hljs-keyword">const</span>',
      '<th><p>Organelle</p></th>',
      '<td><p>Ribosome</p></td>',
      '<hr>',
      'callout callout-info',
      'callout callout-warning',
      '<blockquote><p>A quote</p></blockquote>',
      `imageBlock/${blocks.image.block_uuid}/`,
      'width="400"',
      'media-image align-left',
      `videoBlock/${blocks.video.block_uuid}/`,
      `<iframe class="pdf-frame" src="/api/v1/content/`,
      `audioBlock/${blocks.audio.block_uuid}/`,
      '<mi>E</mi><mo>=</mo><mi>m</mi>',
      'src="https://embed.example.test/widget"',
      'src="https://embed.example.test/x"',
      'data-quiz',
      '>Nucleus</label>',
      '<details class="flipcard',
      'Energy currency',
      'data-scenarios',
      'You see smoke.',
      'tone-green" href="https://example.test/lab"',
      'Open the lab',
      'node-badge tone-sky',
      '<p class="user-name">Test ',
      `@${instructor.user.username}`,
      '<p class="web-preview-title"><a href="https://example.test/article"',
      'This part of the page (hologram) cannot be shown here.',
    ]) {
      expect(body).toContain(marker);
    }
    expect(body).not.toContain(instructor.email);
  });

  it('links media to content URLs the reader can actually load', async () => {
    const page = await new WebClient(t).get(url);
    const image = /<img src="([^"]+)"/.exec(page.body)?.[1];
    expect(image).toBeDefined();
    const file = await t.inject({ method: 'GET', url: image as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('other activity kinds', () => {
  it('plays a hosted video with its details, and an external video through its player', async () => {
    const setup = await publicCourse(t);
    const hosted = await createHostedVideo(t, setup.chapter, setup.admin.headers, {
      details: JSON.stringify({ startTime: 4, endTime: 40, autoplay: true, muted: true }),
    });
    await updateActivity(t, hosted.activity_uuid, setup.admin.headers, { published: true });
    const external = await t.inject({
      method: 'POST',
      url: '/api/v1/activities/external_video',
      headers: setup.admin.headers,
      payload: {
        name: 'Talk',
        uri: 'https://youtu.be/dQw4w9WgXcQ',
        type: 'youtube',
        chapter_id: String(setup.chapter.id),
        details: '{"startTime":90,"muted":true}',
      },
    });
    expect(external.statusCode).toBe(200);
    await updateActivity(t, external.json().activity_uuid, setup.admin.headers, { published: true });
    const reader = new WebClient(t);

    const hostedPage = await reader.get(setup.pageOf(hosted));
    expectSafePage(hostedPage);
    const source = /<video[^>]* src="([^"]+)"/.exec(hostedPage.body)?.[1] ?? '';
    expect(source).toMatch(/\/activities\/activity_[^/]+\/video\/[^/]+\.mp4#t=4,40$/);
    expect(hostedPage.body).toMatch(/#t=4,40" autoplay muted/);
    expect((await t.inject({ method: 'GET', url: source.replace(/#.*$/, '') })).statusCode).toBe(200);

    const externalPage = await reader.get(setup.pageOf(external.json()));
    expectSafePage(externalPage);
    expect(externalPage.body).toContain(
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90&amp;mute=1&amp;rel=0"',
    );
  });

  it('shows a PDF in a viewer with a download link', async () => {
    const setup = await publicCourse(t);
    const form = await multipartPayload({ name: 'Syllabus', chapter_id: String(setup.chapter.id) }, [
      { field: 'pdf_file', filename: 'syllabus.pdf', contentType: 'application/pdf', content: SAMPLES.pdf },
    ]);
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/activities/documentpdf',
      headers: { ...setup.admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(200);
    await updateActivity(t, created.json().activity_uuid, setup.admin.headers, { published: true });
    const page = await new WebClient(t).get(setup.pageOf(created.json()));
    expectSafePage(page);
    const viewer = /<iframe class="pdf-frame" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(viewer).toMatch(/\/documentpdf\/[^/]+\.pdf$/);
    expect(page.body).toContain(`<a href="${viewer}" download="Syllabus.pdf">Download Syllabus.pdf</a>`);
    const file = await t.inject({ method: 'GET', url: viewer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('frames an embed activity, and explains custom content', async () => {
    const setup = await publicCourse(t);
    const embed = await createActivity(t, setup.chapter, setup.admin.headers, {
      name: 'Slides',
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_EMBED',
      content: { embed_url: 'https://docs.google.com/presentation/d/deck42/edit' },
    });
    const custom = await createActivity(t, setup.chapter, setup.admin.headers, {
      content: { widget: '<script>alert(1)</script>' },
    });
    const reader = new WebClient(t);
    const embedPage = await reader.get(setup.pageOf(embed));
    expectSafePage(embedPage);
    expect(embedPage.body).toContain('src="https://docs.google.com/presentation/d/deck42/preview"');
    expect(embedPage.body).toContain(
      'sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"',
    );
    const customPage = await reader.get(setup.pageOf(custom));
    expectSafePage(customPage);
    expect(customPage.body).toContain('This activity has custom content with no built-in view.');
    expect(customPage.body).not.toContain('alert(1)');
  });

  it('fetches a markdown activity from its server on each view and renders it sanitized', async () => {
    const setup = await publicCourse(t);
    const activity = await createActivity(t, setup.chapter, setup.admin.headers, {
      name: 'Reading',
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_MARKDOWN',
      content: { markdown_url: receiver.url('/lesson.md') },
    });
    const missing = await createActivity(t, setup.chapter, setup.admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_MARKDOWN',
      content: { markdown_url: receiver.url('/gone.md') },
    });
    const before = receiver.received.length;
    const reader = new WebClient(t);
    const page = await reader.get(setup.pageOf(activity));
    expectSafePage(page);
    expect(page.body).toContain('<h2>Photosynthesis</h2>');
    expect(page.body).toContain('Light becomes <strong>sugar</strong>.');
    expect(page.body).not.toContain('alert(1)');
    await reader.get(setup.pageOf(activity));
    expect(receiver.received.length).toBe(before + 2);
    const failed = await reader.get(setup.pageOf(missing));
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('The markdown could not be fetched (HTTP 404).');
  });
});
