/**
 * The activity page's rules, through a cookie-keeping client: the lock gate instead of locked
 * content, "mark done" (CSRF-checked, signed-in only) reflected in the course's progress, and
 * activities opened under the wrong course address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createUsergroup, signedInUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { WebClient } from '../../../../test/web-client.ts';
import { paragraph, text } from '../render/render-test-support.ts';
import { expectSafePage } from './page-assertions.ts';
import { publicCourse } from './reader-test-content.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('locks', () => {
  it('shows the gate instead of the content when the activity is locked for the reader', async () => {
    const setup = await publicCourse(t);
    const content = { type: 'doc', content: [paragraph(text('Members only secret'))] };
    const forSignedIn = await createActivity(t, setup.chapter, setup.admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      lock_type: 'authenticated',
      content,
    });
    const forGroup = await createActivity(t, setup.chapter, setup.admin.headers, {
      activity_type: 'TYPE_DYNAMIC',
      activity_sub_type: 'SUBTYPE_DYNAMIC_PAGE',
      lock_type: 'restricted',
      content,
    });
    const member = await signedInUser(t, setup.org);
    const insider = await signedInUser(t, setup.org);
    await createUsergroup(t, setup.org, setup.admin.headers, {
      userIds: [insider.user.id],
      resourceUuids: [forGroup.activity_uuid],
    });

    const anonymous = await new WebClient(t).get(setup.pageOf(forSignedIn));
    expectSafePage(anonymous);
    expect(anonymous.body).toContain('This activity is locked');
    expect(anonymous.body).toContain(`href="/sign-in?next=${encodeURIComponent(setup.pageOf(forSignedIn))}"`);
    expect(anonymous.body).not.toContain('Members only secret');

    const memberClient = WebClient.withSession(t, member.token);
    expect((await memberClient.get(setup.pageOf(forSignedIn))).body).toContain('Members only secret');
    const gated = await memberClient.get(setup.pageOf(forGroup));
    expect(gated.body).toContain('It is open to specific groups of learners only.');
    expect(gated.body).not.toContain('Members only secret');
    expect(gated.body).not.toContain('Mark as done');

    const insiderPage = await WebClient.withSession(t, insider.token).get(setup.pageOf(forGroup));
    expect(insiderPage.body).toContain('Members only secret');
  });
});

describe('progress', () => {
  it('marks an activity done and not done, and the course page shows it', async () => {
    const setup = await publicCourse(t);
    const first = await createActivity(t, setup.chapter, setup.admin.headers, { name: 'First' });
    await createActivity(t, setup.chapter, setup.admin.headers, { name: 'Second' });
    const learner = WebClient.withSession(t, (await signedInUser(t, setup.org)).token);
    const url = setup.pageOf(first);

    const before = await learner.get(url);
    expect(before.body).toContain('Mark as done');
    expect(before.body).toContain('0 of 2 done');
    const marked = await learner.post(`${url}/done`, { done: 'true' });
    expect(marked.statusCode).toBe(303);
    expect(marked.headers.location).toBe(url);

    const course = await learner.get(setup.base);
    expect(course.body).toContain('1 of 2 done');
    expect(course.body).toMatch(/First<\/a>\s*<span class="status done">Done<\/span>/);
    const after = await learner.get(url);
    expect(after.body).toContain('Mark as not done');
    expect(after.body).toContain('rel="next">Next: Second</a>');

    await learner.post(`${url}/done`, { done: 'false' });
    expect((await learner.get(setup.base)).body).toContain('0 of 2 done');
  });

  it('sends an anonymous reader to sign in instead of marking anything', async () => {
    const setup = await publicCourse(t);
    const activity = await createActivity(t, setup.chapter, setup.admin.headers);
    const url = setup.pageOf(activity);
    const page = await new WebClient(t).get(url);
    expect(page.body).not.toContain('Mark as done');
    const response = await new WebClient(t).post(`${url}/done`, { done: 'true' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sign-in?next=${encodeURIComponent(url)}`);
  });

  it('refuses a mark-done post without the CSRF token', async () => {
    const setup = await publicCourse(t);
    const activity = await createActivity(t, setup.chapter, setup.admin.headers);
    const learner = await signedInUser(t, setup.org);
    const response = await t.inject({
      method: 'POST',
      url: `${setup.pageOf(activity)}/done`,
      payload: 'done=true',
      headers: {
        cookie: `access_token_cookie=${learner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(response.statusCode).toBe(403);
    const course = await WebClient.withSession(t, learner.token).get(setup.base);
    expect(course.body).toContain('0 of 1 done');
  });
});

describe('addresses', () => {
  it("sends an activity opened under another course's address to its real course page", async () => {
    const one = await publicCourse(t);
    const other = await publicCourse(t);
    const activity = await createActivity(t, other.chapter, other.admin.headers);
    const response = await new WebClient(t).get(`${one.base}/activities/${activity.activity_uuid}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(one.base);
  });

  it('shows a not-found page for an unknown activity', async () => {
    const setup = await publicCourse(t);
    const response = await new WebClient(t).get(`${setup.base}/activities/activity_missing`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
