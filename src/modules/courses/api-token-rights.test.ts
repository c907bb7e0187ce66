/**
 * API tokens on the course, chapter and activity endpoints: each needs exactly one action
 * of the token's `courses` bucket (reference §2.4), and a token never reaches another
 * organization's content, whatever its rights.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createChapter,
  createCourse,
  createOrg,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Verb = 'create' | 'read' | 'update' | 'delete';
const VERBS: Verb[] = ['create', 'read', 'update', 'delete'];

let setup: Awaited<ReturnType<typeof courseWithChapter>>;
let activity: Awaited<ReturnType<typeof createActivity>>;
beforeAll(async () => {
  setup = await courseWithChapter(t);
  activity = await createActivity(t, setup.chapter, setup.admin.headers);
});

/** Fresh resources for the destructive cases, so each attempt has something to delete. */
async function freshActivity() {
  return createActivity(t, setup.chapter, setup.admin.headers);
}

const CASES: [string, Verb, () => Promise<InjectOptions>][] = [
  ['GET course', 'read', async () => ({ method: 'GET', url: `/api/v1/courses/${setup.course.course_uuid}` })],
  [
    'GET meta',
    'read',
    async () => ({ method: 'GET', url: `/api/v1/courses/${setup.course.course_uuid}/meta` }),
  ],
  [
    'PUT course',
    'update',
    async () => ({
      method: 'PUT',
      url: `/api/v1/courses/${setup.course.course_uuid}`,
      payload: { about: 'By token' },
    }),
  ],
  [
    'GET contributors',
    'read',
    async () => ({ method: 'GET', url: `/api/v1/courses/${setup.course.course_uuid}/contributors` }),
  ],
  [
    'bulk-add-contributors',
    'update',
    async () => ({
      method: 'POST',
      url: `/api/v1/courses/${setup.course.course_uuid}/bulk-add-contributors`,
      payload: ['nobody'],
    }),
  ],
  [
    'GET updates',
    'read',
    async () => ({ method: 'GET', url: `/api/v1/courses/${setup.course.course_uuid}/updates` }),
  ],
  [
    'POST update',
    'update',
    async () => ({
      method: 'POST',
      url: `/api/v1/courses/${setup.course.course_uuid}/updates`,
      payload: { title: 'News', content: 'Text' },
    }),
  ],
  [
    'POST chapter',
    'create',
    async () => ({
      method: 'POST',
      url: '/api/v1/chapters/',
      payload: { name: 'By token', course_id: setup.course.id, org_id: setup.org.id },
    }),
  ],
  ['GET chapter', 'read', async () => ({ method: 'GET', url: `/api/v1/chapters/${setup.chapter.id}` })],
  [
    'PUT chapter',
    'update',
    async () => ({
      method: 'PUT',
      url: `/api/v1/chapters/${setup.chapter.id}`,
      payload: { description: 'x' },
    }),
  ],
  [
    'PUT order',
    'update',
    async () => {
      const meta = await t.inject({
        method: 'GET',
        url: `/api/v1/courses/${setup.course.course_uuid}/meta?with_unpublished_activities=true`,
        headers: setup.admin.headers,
      });
      return {
        method: 'PUT',
        url: `/api/v1/chapters/course/${setup.course.course_uuid}/order`,
        payload: {
          chapter_order_by_ids: meta
            .json()
            .chapters.map((c: { id: number; activities: { id: number }[] }) => ({
              chapter_id: c.id,
              activities_order_by_ids: c.activities.map((a) => ({ activity_id: a.id })),
            })),
        },
      };
    },
  ],
  [
    'DELETE chapter',
    'delete',
    async () => ({
      method: 'DELETE',
      url: `/api/v1/chapters/${(await createChapter(t, setup.course, setup.admin.headers)).id}`,
    }),
  ],
  [
    'POST activity',
    'create',
    async () => ({
      method: 'POST',
      url: '/api/v1/activities/',
      payload: { name: 'By token', chapter_id: setup.chapter.id },
    }),
  ],
  [
    'POST external video',
    'create',
    async () => ({
      method: 'POST',
      url: '/api/v1/activities/external_video',
      payload: {
        name: 'Talk',
        type: 'youtube',
        uri: 'https://youtu.be/x',
        chapter_id: String(setup.chapter.id),
      },
    }),
  ],
  [
    'GET activity',
    'read',
    async () => ({ method: 'GET', url: `/api/v1/activities/${activity.activity_uuid}` }),
  ],
  [
    'PUT activity',
    'update',
    async () => ({
      method: 'PUT',
      url: `/api/v1/activities/${activity.activity_uuid}`,
      payload: { name: 'By token' },
    }),
  ],
  [
    'GET versions',
    'update',
    async () => ({ method: 'GET', url: `/api/v1/activities/${activity.activity_uuid}/versions` }),
  ],
  [
    'DELETE activity',
    'delete',
    async () => ({ method: 'DELETE', url: `/api/v1/activities/${(await freshActivity()).activity_uuid}` }),
  ],
  [
    'DELETE course',
    'delete',
    async () => ({
      method: 'DELETE',
      url: `/api/v1/courses/${(await createCourse(t, setup.org, setup.admin.headers)).course_uuid}`,
    }),
  ],
];

const rightsFor = (verbs: Verb[]) => ({
  courses: Object.fromEntries(verbs.map((verb) => [`action_${verb}`, true])),
});

describe('API token rights on content endpoints', () => {
  it.each(CASES)('%s needs courses.action_%s', async (_name, verb, request) => {
    const exact = await createApiToken(t, setup.org, rightsFor([verb]));
    const allowed = await t.inject({ ...(await request()), headers: exact.headers });
    expect(allowed.statusCode, allowed.body).toBe(200);

    const others = await createApiToken(t, setup.org, rightsFor(VERBS.filter((v) => v !== verb)));
    const refused = await t.inject({ ...(await request()), headers: others.headers });
    expect(refused.statusCode, refused.body).toBe(403);

    const foreign = await createApiToken(t, await createOrg(t));
    const elsewhere = await t.inject({ ...(await request()), headers: foreign.headers });
    expect(elsewhere.statusCode, elsewhere.body).toBe(403);
  });
});
