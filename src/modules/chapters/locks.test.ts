/**
 * Locks (spec §2.3, reference §2.8) on every read path: the meta tree, GET chapter, GET
 * activity and content files, for anonymous callers, members, user-group members and
 * admins. A locked chapter locks its activities; a group linked to the course unlocks all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseWithChapter,
  createActivity,
  createApiToken,
  createChapter,
  createHostedVideo,
  createUsergroup,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Caller = 'anonymous' | 'member' | 'groupMember' | 'courseGroupMember' | 'admin' | 'author' | 'token';

/**
 * A published public course:
 * - chapter "Open" (public): activities open, signedIn (authenticated), groupOnly (restricted, group A)
 * - chapter "Members" (authenticated): activity inMembers (public)
 * - chapter "Cohort" (restricted, group B): activity inCohort (public)
 * Every activity is a published hosted video, so each has a file to fetch.
 */
async function lockedCourse() {
  const { org, admin, course, chapter: open } = await courseWithChapter(t);
  await publishCourse(t, course, admin.headers);
  await t.inject({
    method: 'PUT',
    url: `/api/v1/chapters/${open.id}`,
    headers: admin.headers,
    payload: { name: 'Open', description: 'Visible', thumbnail_image: 'open.png' },
  });
  const members = await createChapter(t, course, admin.headers, {
    name: 'Members',
    lock_type: 'authenticated',
    description: 'For members',
    thumbnail_image: 'members.png',
  });
  const cohort = await createChapter(t, course, admin.headers, {
    name: 'Cohort',
    lock_type: 'restricted',
    description: 'For the cohort',
  });
  const video = async (chapter: { id: number }, name: string, lockType: string) => {
    const created = await createHostedVideo(t, chapter, admin.headers, {
      name,
      details: '{"startTime":2}',
    });
    await t.inject({
      method: 'PUT',
      url: `/api/v1/activities/${created.activity_uuid}`,
      headers: admin.headers,
      payload: { published: true, lock_type: lockType },
    });
    const filename = (created.content as { filename: string }).filename;
    return {
      ...created,
      name,
      fileUrl: `/api/v1/content/orgs/${org.org_uuid}/courses/${course.course_uuid}/activities/${created.activity_uuid}/video/${filename}`,
    };
  };
  const activities = {
    open: await video(open, 'open', 'public'),
    signedIn: await video(open, 'signedIn', 'authenticated'),
    groupOnly: await video(open, 'groupOnly', 'restricted'),
    inMembers: await video(members, 'inMembers', 'public'),
    inCohort: await video(cohort, 'inCohort', 'public'),
  };
  const groupMember = await signedInUser(t, org, 'user');
  const courseGroupMember = await signedInUser(t, org, 'user');
  await createUsergroup(t, org, admin.headers, {
    userIds: [groupMember.user.id],
    resourceUuids: [activities.groupOnly.activity_uuid, cohort.chapter_uuid],
  });
  await createUsergroup(t, org, admin.headers, {
    userIds: [courseGroupMember.user.id],
    resourceUuids: [course.course_uuid],
  });
  // An instructor who authors the course: editors see everything.
  const author = await signedInUser(t, org, 'instructor');
  await t.inject({
    method: 'POST',
    url: `/api/v1/courses/${course.course_uuid}/bulk-add-contributors`,
    headers: admin.headers,
    payload: [author.user.username],
  });
  await t.inject({
    method: 'PUT',
    url: `/api/v1/courses/${course.course_uuid}/contributors/${author.user.id}?authorship_status=ACTIVE`,
    headers: admin.headers,
  });
  const callers: Record<Caller, Headers> = {
    anonymous: {},
    member: (await signedInUser(t, org, 'user')).headers,
    groupMember: groupMember.headers,
    courseGroupMember: courseGroupMember.headers,
    admin: admin.headers,
    author: author.headers,
    token: (await createApiToken(t, org, { courses: { action_read: true } })).headers,
  };
  return { org, course, chapters: { open, members, cohort }, activities, callers };
}

/** Which of the five activities are locked for each caller. */
const LOCKED: Record<Caller, string[]> = {
  anonymous: ['signedIn', 'groupOnly', 'inMembers', 'inCohort'],
  member: ['groupOnly', 'inCohort'],
  groupMember: [],
  courseGroupMember: [],
  admin: [],
  author: [],
  token: [],
};
const LOCKED_CHAPTERS: Record<Caller, string[]> = {
  anonymous: ['Members', 'Cohort'],
  member: ['Cohort'],
  groupMember: [],
  courseGroupMember: [],
  admin: [],
  author: [],
  token: [],
};
const CALLERS = Object.keys(LOCKED) as Caller[];

let fixture: Awaited<ReturnType<typeof lockedCourse>>;
beforeAll(async () => {
  fixture = await lockedCourse();
});

describe('locks', () => {
  it.each(CALLERS)('meta marks and empties what is locked for %s', async (caller) => {
    const response = await t.inject({
      method: 'GET',
      url: `/api/v1/courses/${fixture.course.course_uuid}/meta`,
      headers: fixture.callers[caller],
    });
    expect(response.statusCode).toBe(200);
    const chapters = response.json().chapters as {
      name: string;
      is_locked: boolean;
      description: string;
      thumbnail_image: string;
      activities: { name: string; is_locked: boolean; content: object; details: object | null }[];
    }[];
    expect(chapters.filter((c) => c.is_locked).map((c) => c.name)).toEqual(LOCKED_CHAPTERS[caller]);
    for (const chapter of chapters) {
      // A locked chapter keeps its name (for navigation) but shows nothing else.
      if (chapter.is_locked) expect([chapter.description, chapter.thumbnail_image]).toEqual(['', '']);
      else expect(chapter.description).not.toBe('');
    }
    const activities = chapters.flatMap((c) => c.activities);
    expect(activities.map((a) => a.name)).toEqual(['open', 'signedIn', 'groupOnly', 'inMembers', 'inCohort']);
    expect(activities.filter((a) => a.is_locked).map((a) => a.name)).toEqual(LOCKED[caller]);
    for (const activity of activities) {
      if (activity.is_locked) {
        expect(activity.content).toEqual({});
        expect(activity.details).toBeNull();
      } else {
        expect(activity.content).toHaveProperty('filename');
        expect(activity.details).toEqual({ startTime: 2 });
      }
    }
  });

  it.each(CALLERS)('GET /chapters/{id} applies the same locks for %s', async (caller) => {
    for (const chapter of Object.values(fixture.chapters)) {
      const response = await t.inject({
        method: 'GET',
        url: `/api/v1/chapters/${chapter.id}`,
        headers: fixture.callers[caller],
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.is_locked).toBe(LOCKED_CHAPTERS[caller].includes(body.name));
      for (const activity of body.activities) {
        expect(activity.is_locked, activity.name).toBe(LOCKED[caller].includes(activity.name));
        if (activity.is_locked) expect(activity.content).toEqual({});
      }
    }
  });

  it.each(CALLERS)('GET /activities/{uuid} applies the same locks for %s', async (caller) => {
    for (const [name, activity] of Object.entries(fixture.activities)) {
      const response = await t.inject({
        method: 'GET',
        url: `/api/v1/activities/${activity.activity_uuid}`,
        headers: fixture.callers[caller],
      });
      expect(response.statusCode).toBe(200);
      const locked = LOCKED[caller].includes(name);
      expect(response.json(), name).toMatchObject({
        is_locked: locked,
        content: locked ? {} : { filename: expect.any(String) },
        details: locked ? null : { startTime: 2 },
      });
    }
  });

  it.each(CALLERS)('content files of locked activities are refused for %s', async (caller) => {
    for (const [name, activity] of Object.entries(fixture.activities)) {
      const response = await t.inject({
        method: 'GET',
        url: activity.fileUrl,
        headers: fixture.callers[caller],
      });
      const expected = !LOCKED[caller].includes(name) ? 200 : caller === 'anonymous' ? 401 : 403;
      expect(response.statusCode, name).toBe(expected);
    }
  });

  it('a lock change applies at once, and editors are never locked out', async () => {
    const { chapters, callers, course } = fixture;
    const put = (lockType: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/v1/chapters/${chapters.open.id}`,
        headers: callers.admin,
        payload: { lock_type: lockType },
      });
    const openChapter = async (headers: Headers) =>
      (await t.inject({ method: 'GET', url: `/api/v1/courses/${course.course_uuid}/meta`, headers })).json()
        .chapters[0];
    expect((await put('authenticated')).json().is_locked).toBe(false);
    const anonymousView = await openChapter({});
    expect(anonymousView.is_locked).toBe(true);
    expect(anonymousView.activities.every((a: { is_locked: boolean }) => a.is_locked)).toBe(true);
    expect((await openChapter(callers.member)).is_locked).toBe(false);
    expect((await t.inject({ method: 'GET', url: fixture.activities.open.fileUrl })).statusCode).toBe(401);
    await put('public');
    expect((await openChapter({})).is_locked).toBe(false);
    expect((await t.inject({ method: 'GET', url: fixture.activities.open.fileUrl })).statusCode).toBe(200);
  });
});

describe('locks on a new activity', () => {
  it('a restricted activity in an unlocked chapter is locked for a member until the group links it', async () => {
    const { org, admin, course, chapter } = await courseWithChapter(t);
    await publishCourse(t, course, admin.headers);
    const activity = await createActivity(t, chapter, admin.headers, { lock_type: 'restricted' });
    const member = await signedInUser(t, org, 'user');
    const read = async () =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/activities/${activity.activity_uuid}`,
          headers: member.headers,
        })
      ).json();
    expect(await read()).toMatchObject({ is_locked: true, content: {} });
    await createUsergroup(t, org, admin.headers, {
      userIds: [member.user.id],
      resourceUuids: [activity.activity_uuid],
    });
    expect(await read()).toMatchObject({ is_locked: false, content: { note: 'hello' } });
  });
});
