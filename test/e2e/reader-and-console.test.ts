/**
 * End to end in headless Chromium against the app listening on loopback: a learner signs in,
 * opens a course, reads a page holding every node type, submits a quiz assignment and sees
 * the grade; an admin creates a webhook in the console and sees a test delivery in its log.
 * Screenshots of the key pages go to test-results/. The pages must raise no CSP violation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { everyNodePage, publicCourse } from '../../src/modules/web/pages/reader-test-content.ts';
import { startDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.ts';
import { API, QUIZ_CONTENTS } from '../assignment-factories.ts';
import { createActivity, createUser, PASSWORD, type TestUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../https-receiver.ts';
import { FAST_TIMINGS } from '../webhooks.ts';
import { describeInBrowser, launchChromium, screenshot } from './browser.ts';

let t: TestApp;
let receiver: HttpsReceiver;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  receiver = await startHttpsReceiver(() => ({ status: 200, body: 'thanks' }));
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await receiver?.close();
});

/** A browser tab that records console errors (CSP violations are reported there) and failed loads. */
async function openTab(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  // A step that cannot happen fails in seconds, naming its locator, well inside the test's time.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return { context, page, errors };
}

async function signIn(page: Page, who: TestUser) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/`);
}

/** A published quiz assignment, auto-graded, as the activity after the page in the course's chapter. */
async function quizAssignment(setup: Awaited<ReturnType<typeof publicCourse>>) {
  const activity = await createActivity(t, setup.chapter, setup.admin.headers, {
    name: 'Check your understanding',
    activity_type: 'TYPE_ASSIGNMENT',
    activity_sub_type: 'SUBTYPE_ASSIGNMENT_ANY',
    content: {},
  });
  const created = await t.inject({
    method: 'POST',
    url: `${API}/`,
    headers: setup.admin.headers,
    payload: {
      title: 'Primes quiz',
      description: 'Tick every prime.',
      grading_type: 'PERCENTAGE',
      org_id: setup.org.id,
      course_id: setup.course.id,
      chapter_id: setup.chapter.id,
      activity_id: activity.id,
      published: true,
      auto_grading: true,
    },
  });
  expect(created.statusCode).toBe(200);
  const task = await t.inject({
    method: 'POST',
    url: `${API}/${created.json().assignment_uuid}/tasks`,
    headers: setup.admin.headers,
    payload: { title: 'Primes', description: '', hint: '', assignment_type: 'QUIZ', contents: QUIZ_CONTENTS },
  });
  expect(task.statusCode).toBe(200);
  return activity;
}

describeInBrowser('in a real browser', { timeout: 120_000 }, () => {
  it('a learner reads a page with every node type, submits a quiz and sees the grade', async () => {
    const setup = await publicCourse(t);
    const learner = await createUser(t, { org: setup.org, role: 'user' });
    const { activity: pageActivity } = await everyNodePage(t, setup, setup.admin.user.id);
    const quiz = await quizAssignment(setup);
    const { context, page, errors } = await openTab();

    await signIn(page, learner);
    await page.getByRole('link', { name: setup.org.name }).first().click();
    await page.getByRole('link', { name: setup.course.name }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(setup.course.name);
    expect(await page.getByRole('link', { name: 'Console' }).count()).toBe(0);
    await screenshot(page, 'course');

    await page.getByRole('link', { name: 'Inside a cell' }).first().click();
    const article = page.locator('article.activity');
    await expect.poll(() => article.locator('h1').first().textContent()).toBe('Inside a cell');
    // One visible trace of each node kind, as a learner sees it.
    for (const selector of [
      'h2:has-text("Cells")',
      'strong:has-text("Bold")',
      'a[href="https://example.test/cells"]',
      'ul li:has-text("nucleus")',
      'ol li:has-text("second")',
      'pre code .hljs-keyword',
      'table th:has-text("Organelle")',
      'hr',
      'img[src*="/api/v1/content/"]',
      'video',
      'audio',
      'math',
      'iframe[sandbox]',
      '[data-quiz]',
      'details.flipcard',
      '[data-scenarios]',
      'a:has-text("Open the lab")',
      ':has-text("Core topic")',
      ':has-text("Cell article")',
    ]) {
      expect(await article.locator(selector).count(), selector).toBeGreaterThan(0);
    }
    expect(await article.locator('script').count()).toBe(0);
    const image = article.locator('img[src*="/api/v1/content/"]').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await article.getByLabel('Nucleus').check();
    await article.getByRole('button', { name: 'Check answers' }).click();
    await expect
      .poll(() => article.locator('[data-quiz-result]').textContent())
      .toMatch(/All 1 answered correctly/);
    await article.locator('details.flipcard summary').first().click();
    expect(await article.locator('details.flipcard').first().getAttribute('open')).not.toBeNull();
    await screenshot(page, 'page-with-every-node');

    await page.getByRole('button', { name: 'Mark as done' }).click();
    await expect.poll(() => page.locator('.activity-actions .status.done').count()).toBe(1);

    await page.goto(setup.pageOf(quiz));
    await page.getByRole('checkbox', { name: '2', exact: true }).check();
    await page.getByRole('checkbox', { name: '5', exact: true }).check();
    await page.getByRole('button', { name: /save/i }).first().click();
    await page
      .getByRole('button', { name: /submit/i })
      .first()
      .click();
    await expect.poll(() => page.locator('article.activity').textContent()).toMatch(/100/);
    await screenshot(page, 'graded-quiz');

    expect(errors).toEqual([]);
    await context.close();
    // The page activity is not the only thing done: the submission completed the assignment too.
    expect(pageActivity.activity_uuid).toBeTruthy();
  });

  it('an admin creates a webhook in the console and sees the test delivery in its log', async () => {
    const setup = await publicCourse(t);
    const admin = await createUser(t, { org: setup.org, role: 'admin' });
    const { context, page, errors } = await openTab();
    await signIn(page, admin);

    await page.goto(`/orgs/${setup.org.slug}/console`);
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.getByLabel('URL').fill(receiver.url('/hooks'));
    await page.getByLabel('course_created').check();
    await page.getByRole('button', { name: /create/i }).click();
    const secret = await page.locator('code.secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: 'Go to the webhook' }).click();

    await page.getByRole('button', { name: /test ping/i }).click();
    const worker = startDeliveryWorker(t.ctx, FAST_TIMINGS);
    try {
      await receiver.waitFor(1, (request) => request.path === '/hooks');
      await expect
        .poll(async () => {
          await page.reload();
          return page.locator('table').textContent();
        })
        .toMatch(/Succeeded/);
    } finally {
      await worker.stop();
    }
    const log = await page.locator('table').textContent();
    expect(log).toContain('ping');
    expect(log).toContain('200');
    expect(log).toContain('thanks');
    await screenshot(page, 'webhook-delivery-log');

    expect(errors).toEqual([]);
    await context.close();
  });
});
