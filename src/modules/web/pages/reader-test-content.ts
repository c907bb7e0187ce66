/**
 * Content for reader page tests (and the browser test): a published public course, media
 * blocks uploaded through the API, and a page holding one of every node type of spec §2.4.
 */
import { expect } from 'vitest';
import { courseWithChapter, createActivity, publishCourse } from '../../../../test/factories.ts';
import type { TestApp } from '../../../../test/harness.ts';
import { multipartPayload } from '../../../../test/multipart.ts';
import { SAMPLES } from '../../../../test/sample-files.ts';
import { paragraph, text } from '../render/render-test-support.ts';

type Headers = Record<string, string>;

/** A published public course with one chapter, its admin, and page addresses. */
export async function publicCourse(t: TestApp) {
  const setup = await courseWithChapter(t);
  await publishCourse(t, setup.course, setup.admin.headers);
  const base = `/orgs/${setup.org.slug}/courses/${setup.course.course_uuid}`;
  return {
    ...setup,
    base,
    pageOf: (activity: { activity_uuid: string }) => `${base}/activities/${activity.activity_uuid}`,
  };
}

export async function updateActivity(
  t: TestApp,
  uuid: string,
  headers: Headers,
  payload: Record<string, unknown>,
) {
  const response = await t.inject({ method: 'PUT', url: `/api/v1/activities/${uuid}`, headers, payload });
  expect(response.statusCode).toBe(200);
}

async function uploadBlock(
  t: TestApp,
  kind: string,
  activityUuid: string,
  headers: Headers,
  file: [string, Buffer, string],
) {
  const form = await multipartPayload({ activity_uuid: activityUuid }, [
    { field: 'file_object', filename: file[0], content: file[1], contentType: file[2] },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: `/api/v1/blocks/${kind}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { block_uuid: string; [field: string]: unknown };
}

export type SampleBlocks = Awaited<ReturnType<typeof uploadSampleBlocks>>;

/** One block of each media kind, uploaded for the activity. */
export async function uploadSampleBlocks(t: TestApp, activityUuid: string, headers: Headers) {
  return {
    image: await uploadBlock(t, 'image', activityUuid, headers, ['cell.png', SAMPLES.png, 'image/png']),
    video: await uploadBlock(t, 'video', activityUuid, headers, ['clip.mp4', SAMPLES.mp4, 'video/mp4']),
    pdf: await uploadBlock(t, 'pdf', activityUuid, headers, ['notes.pdf', SAMPLES.pdf, 'application/pdf']),
    audio: await uploadBlock(t, 'audio', activityUuid, headers, ['talk.mp3', SAMPLES.mp3Id3, 'audio/mpeg']),
  };
}

/** A published page named `name` in the course's chapter, holding every node type; `userId` is shown by its user block. */
export async function everyNodePage(
  t: TestApp,
  setup: Awaited<ReturnType<typeof publicCourse>>,
  userId: number,
  name = 'Inside a cell',
) {
  const activity = await createActivity(t, setup.chapter, setup.admin.headers, {
    name,
    activity_type: 'TYPE_DYNAMIC',
    activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
    content: { type: 'doc', content: [] },
  });
  const blocks = await uploadSampleBlocks(t, activity.activity_uuid, setup.admin.headers);
  await updateActivity(t, activity.activity_uuid, setup.admin.headers, {
    content: everyNodeDocument(blocks, userId),
  });
  return { activity, blocks };
}

const item = (value: string) => ({ type: 'listItem', content: [paragraph(text(value))] });

/** A document with one of every node type of spec §2.4 (plus `callout`, `blockquote` and an unknown type). */
export function everyNodeDocument(blocks: Record<string, unknown>, userId: number) {
  const cell = (type: string, value: string) => ({ type, content: [paragraph(text(value))] });
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [text('Cells')] },
      paragraph(
        text('Bold', [{ type: 'bold' }]),
        text(' italic', [{ type: 'em' }]),
        { type: 'hardBreak' },
        text('a link', [{ type: 'link', attrs: { href: 'https://example.test/cells' } }]),
        text(' <script>alert("text")</script>'),
      ),
      { type: 'bulletList', content: [item('nucleus'), item('membrane')] },
      { type: 'orderedList', attrs: { start: 1 }, content: [item('first'), item('second')] },
      { type: 'codeBlock', attrs: { language: 'typescript' }, content: [text('const cells: number = 37;')] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Organelle'), cell('tableHeader', 'Role')] },
          { type: 'tableRow', content: [cell('tableCell', 'Ribosome'), cell('tableCell', 'Proteins')] },
        ],
      },
      { type: 'horizontalRule' },
      { type: 'calloutInfo', content: [paragraph(text('Good to know'))] },
      { type: 'calloutWarning', content: [paragraph(text('Mind the acid'))] },
      { type: 'callout', attrs: { type: 'warning' }, content: [paragraph(text('Typed callout'))] },
      { type: 'blockquote', content: [paragraph(text('A quote'))] },
      { type: 'blockImage', attrs: { blockObject: blocks.image, size: { width: 400 }, alignment: 'left' } },
      { type: 'blockVideo', attrs: { blockObject: blocks.video } },
      { type: 'blockPDF', attrs: { blockObject: blocks.pdf } },
      { type: 'blockAudio', attrs: { blockObject: blocks.audio } },
      { type: 'blockMathEquation', attrs: { math_equation: 'E = mc^2' } },
      {
        type: 'blockEmbed',
        attrs: { embedType: 'url', embedUrl: 'https://embed.example.test/widget', embedHeight: 360 },
      },
      {
        type: 'blockEmbed',
        attrs: {
          embedType: 'code',
          embedCode:
            '<iframe src="https://embed.example.test/x" onload="alert(1)"></iframe><script>alert(1)</script>',
        },
      },
      {
        type: 'blockQuiz',
        attrs: {
          quizId: 'quiz_cells',
          questions: [
            {
              question_id: 'q1',
              question: 'Where is DNA kept?',
              answers: [
                { answer_id: 'a', answer: 'Nucleus', correct: true },
                { answer_id: 'b', answer: 'Wall', correct: false },
              ],
            },
          ],
        },
      },
      { type: 'flipcard', attrs: { question: 'ATP?', answer: 'Energy currency', color: 'blue' } },
      {
        type: 'scenarios',
        attrs: {
          title: 'Lab',
          scenarios: [
            { id: '1', text: 'You see smoke.', options: [{ id: 'o', text: 'Leave', nextScenarioId: null }] },
          ],
        },
      },
      {
        type: 'button',
        attrs: { emoji: '🔬', link: 'https://example.test/lab', color: 'green' },
        content: [text('Open the lab')],
      },
      { type: 'badge', attrs: { emoji: '⭐', color: 'sky' }, content: [text('Core topic')] },
      { type: 'blockUser', attrs: { user_id: userId } },
      {
        type: 'blockWebPreview',
        attrs: { url: 'https://example.test/article', title: 'Cell article', description: 'Reading' },
      },
      { type: 'hologram', attrs: { html: '<script>alert(1)</script>' } },
    ],
  };
}
