/**
 * A public course is readable by anyone; its authors' e-mail addresses are not. Readers
 * outside the course's organization get every author field but an empty `email`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiToken,
  createCourse,
  createOrg,
  publishCourse,
  signedInUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Author = { user: { email: string } };

/** The author e-mails in a response: a course, a list of courses, or the contributors list. */
async function authorEmailsSeenBy(url: string, headers: Record<string, string> = {}) {
  const response = await t.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const items: ({ authors: Author[] } | Author)[] = Array.isArray(body) ? body : [body];
  return items.flatMap((item) =>
    ('authors' in item ? item.authors : [item]).map((author) => author.user.email),
  );
}

describe('course authors as readers see them', () => {
  it('shows author e-mails inside the organization only', async () => {
    const org = await createOrg(t);
    const creator = await signedInUser(t, org, 'admin');
    const course = await createCourse(t, org, creator.headers);
    expect(course.authors).toMatchObject([{ user: { email: creator.email } }]);
    await publishCourse(t, course, creator.headers, { published: true, public: true });

    const member = await signedInUser(t, org, 'user');
    const token = await createApiToken(t, org);
    const stranger = await signedInUser(t, await createOrg(t), 'admin');
    const urls = [
      `/api/v1/courses/${course.course_uuid}`,
      `/api/v1/courses/${course.course_uuid}/meta`,
      `/api/v1/courses/${course.course_uuid}/meta?slim=true`,
      `/api/v1/courses/org_slug/${org.slug}/page/1/limit/10`,
      `/api/v1/courses/${course.course_uuid}/contributors`,
    ];
    for (const url of urls) {
      expect(await authorEmailsSeenBy(url, member.headers), url).toEqual([creator.email]);
      expect(await authorEmailsSeenBy(url, token.headers), url).toEqual([creator.email]);
      expect(await authorEmailsSeenBy(url), url).toEqual(['']);
      expect(await authorEmailsSeenBy(url, stranger.headers), url).toEqual(['']);
    }
    // Everything else about the author stays readable.
    const anonymous = await t.inject({ method: 'GET', url: `/api/v1/courses/${course.course_uuid}` });
    expect(anonymous.json().authors[0].user.username).toBe(creator.user.username);
  });
});
