import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, signedInUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { type HttpsReceiver, receiverNetwork, startHttpsReceiver } from '../../../../test/https-receiver.ts';
import { WebClient } from '../../../../test/web-client.ts';
import { FAST_TIMINGS, waitUntil } from '../../../../test/webhooks.ts';
import type { OrgRow } from '../../orgs/service.ts';
import { startDeliveryWorker } from '../../webhooks/delivery-worker.ts';

let t: TestApp;
let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver(() => ({ status: 200, body: 'received <ok>' }));
  t = await createTestApp({ outboundNetwork: receiverNetwork(receiver) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function adminConsole(options: { plan?: 'free' | 'pro' } = {}) {
  const org = await createOrg(t, { plan: options.plan ?? 'pro' });
  const admin = await signedInUser(t, org, 'admin');
  const browser = WebClient.withSession(t, admin.token);
  const href = (path = '') => `/orgs/${org.slug}/console${path}`;
  return { org, admin, browser, href };
}

function match(body: string, pattern: RegExp): string {
  const found = pattern.exec(body)?.[1];
  if (found === undefined) throw new Error(`no match for ${pattern}`);
  return found.replaceAll('&amp;', '&');
}

async function tokensOf(org: OrgRow, headers: Record<string, string>) {
  const response = await t.inject({ method: 'GET', url: `/api/v1/orgs/${org.id}/api-tokens`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('org console: API tokens', () => {
  it('creates a token with the ticked rights, shows its value once, and revokes it', async () => {
    const { org, admin, browser, href } = await adminConsole();
    const form = await browser.get(href('/tokens'));
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<legend>assignments</legend>');
    expect(form.body).toContain('<label for="right-courses-action_read">Read</label>');

    const created = await browser.post(href('/tokens'), {
      name: 'CRM sync',
      description: 'Nightly',
      rights: ['courses.action_read', 'assignments.action_create'],
    });
    expect(created.statusCode).toBe(200);
    const value = match(created.body, /<code class="secret">(lh_[^<]+)<\/code>/);

    const [token] = await tokensOf(org, admin.headers);
    expect(token).toMatchObject({ name: 'CRM sync', description: 'Nightly', is_active: true });
    expect(token.rights.courses).toEqual({
      action_create: false,
      action_read: true,
      action_update: false,
      action_delete: false,
    });
    expect(token.rights.assignments.action_create).toBe(true);
    const works = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/webhooks`,
      headers: bearer(value),
    });
    expect(works.statusCode).toBe(403);
    expect(works.json().detail).toContain('webhooks');

    const list = await browser.get(href('/tokens'));
    expect(list.body).toContain('CRM sync');
    expect(list.body).toContain(`${token.token_prefix}…`);
    expect(list.body).not.toContain(value);

    const revoked = await browser.post(match(list.body, /action="([^"]+\/revoke)"/));
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe(`${href('/tokens')}?notice=token-revoked`);
    const after = await browser.get(revoked.headers.location as string);
    expect(after.body).toContain('The token was revoked');
    expect(after.body).toContain('Revoked');
    const refused = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/webhooks`,
      headers: bearer(value),
    });
    expect(refused.statusCode).toBe(401);
  });

  it("shows the service's reason beside the form, keeping what was typed", async () => {
    const { browser, href } = await adminConsole();
    await browser.post(href('/tokens'), { name: 'Twice' });
    const clash = await browser.post(href('/tokens'), { name: 'Twice', rights: 'media.action_read' });
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toContain('An active API token with the name &#39;Twice&#39; already exists');
    expect(clash.body).toContain(
      'id="right-media-action_read" name="rights" value="media.action_read" checked',
    );
  });

  it('explains the plan rule instead of the tokens and webhooks on a free organization', async () => {
    const { browser, href } = await adminConsole({ plan: 'free' });
    const tokens = await browser.get(href('/tokens'));
    expect(tokens.statusCode).toBe(200);
    expect(tokens.body).toContain('API Access requires a Pro plan');
    expect(tokens.body).not.toContain('Create token');
    const hooks = await browser.get(href('/webhooks'));
    expect(hooks.body).toContain('Webhooks requires a Pro plan');
    const refused = await browser.post(href('/tokens'), { name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('API Access requires a Pro plan');
  });
});

describe('org console: webhooks', () => {
  it('creates a webhook, sends a test ping, shows the delivery in the log and redelivers it', async () => {
    const { org, admin, browser, href } = await adminConsole();
    const page = await browser.get(href('/webhooks'));
    expect(page.body).toContain('<legend>Course Lifecycle</legend>');
    expect(page.body).toContain('value="course_created"');
    expect(page.body).not.toContain('value="ping"');

    const invalid = await browser.post(href('/webhooks'), {
      url: 'http://insecure.example/hooks',
      events: 'course_created',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Webhook URL must use https://.');
    expect(invalid.body).toContain('value="http://insecure.example/hooks"');

    const created = await browser.post(href('/webhooks'), {
      url: receiver.url('/hooks'),
      description: 'Receiver',
      events: ['course_created', 'assignment_graded'],
    });
    expect(created.statusCode).toBe(200);
    const secret = match(created.body, /<code class="secret">(whsec_[^<]+)<\/code>/);
    const endpointUrl = match(created.body, /<a href="([^"]+)">Go to the webhook<\/a>/);

    const detail = await browser.get(endpointUrl);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(secret);
    expect(detail.body).toContain('No deliveries yet');
    expect(detail.body).toMatch(/value="assignment_graded" checked/);

    const ping = await browser.post(`${endpointUrl}/test`);
    expect(ping.statusCode).toBe(303);
    expect(ping.headers.location).toBe(`${endpointUrl}?notice=ping-queued`);

    const worker = startDeliveryWorker(t.ctx, FAST_TIMINGS);
    try {
      await receiver.waitFor(1, (request) => request.path === '/hooks');
      const logged = await waitUntil(async () => {
        const body = (await browser.get(endpointUrl)).body;
        return body.includes('Succeeded') && body;
      }, 'the ping in the delivery log');
      expect(logged).toContain('<code>ping</code>');
      expect(logged).toContain('received &lt;ok&gt;');
      expect(logged).toContain(`<td data-label="HTTP status">200</td>`);

      const redeliver = await browser.post(match(logged, /action="([^"]+\/redeliver)"/));
      expect(redeliver.statusCode).toBe(303);
      expect(redeliver.headers.location).toBe(`${endpointUrl}?notice=redelivery-queued`);
      await receiver.waitFor(2, (request) => request.path === '/hooks');
      const twice = await waitUntil(async () => {
        const body = (await browser.get(endpointUrl)).body;
        return (body.match(/Succeeded/g) ?? []).length >= 2 && body;
      }, 'the redelivery in the log');
      expect((twice.match(/<code>ping<\/code>/g) ?? []).length).toBe(2);
    } finally {
      await worker.stop();
    }

    const saved = await browser.post(endpointUrl, { url: receiver.url('/other'), events: 'course_created' });
    expect(saved.statusCode).toBe(303);
    const endpoints = await t.inject({
      method: 'GET',
      url: `/api/v1/orgs/${org.id}/webhooks`,
      headers: admin.headers,
    });
    expect(endpoints.json()[0]).toMatchObject({
      url: receiver.url('/other'),
      events: ['course_created'],
      is_active: false,
    });
    const inactivePing = await browser.post(`${endpointUrl}/test`);
    expect(inactivePing.headers.location).toBe(`${endpointUrl}?notice=ping-inactive`);

    const rotated = await browser.post(`${endpointUrl}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(match(rotated.body, /<code class="secret">(whsec_[^<]+)<\/code>/)).not.toBe(secret);

    const deleted = await browser.post(`${endpointUrl}/delete`);
    expect(deleted.headers.location).toBe(`${href('/webhooks')}?notice=webhook-deleted`);
    expect((await browser.get(deleted.headers.location as string)).body).toContain('No webhooks yet');
  });
});

describe('org console: members and access', () => {
  it("changes a member's role, keeps the last admin, and removes a member", async () => {
    const { org, admin, browser, href } = await adminConsole();
    const member = await signedInUser(t, org, 'user');
    const page = await browser.get(href('/members'));
    expect(page.body).toContain(member.user.username);
    expect(page.body).toContain(`<label for="role-${member.user.id}" class="visually-hidden">`);

    const changed = await browser.post(href(`/members/${member.user.id}/role`), {
      role_uuid: 'role_global_instructor',
    });
    expect(changed.statusCode).toBe(303);
    const after = await browser.get(changed.headers.location as string);
    expect(after.body).toContain('The member&#39;s role was changed.');
    const membership = await t.db
      .selectFrom('memberships')
      .select('role_id')
      .where('user_id', '=', member.user.id)
      .where('org_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(membership.role_id).toBe(3);

    const lastAdmin = await browser.post(href(`/members/${admin.user.id}/role`), {
      role_uuid: 'role_global_user',
    });
    expect(lastAdmin.statusCode).toBe(400);
    expect(lastAdmin.body).toContain('Organization must have at least one admin');

    const removed = await browser.post(href(`/members/${member.user.id}/remove`));
    expect(removed.statusCode).toBe(303);
    expect((await browser.get(href('/members'))).body).not.toContain(member.user.username);
  });

  it('links the console from the top bar for admins and maintainers only', async () => {
    const { org, browser } = await adminConsole();
    const consoleLink = `<a href="/orgs/${org.slug}/console">Console</a>`;
    expect((await browser.get(`/orgs/${org.slug}`)).body).toContain(consoleLink);
    const maintainer = await signedInUser(t, org, 'maintainer');
    expect((await WebClient.withSession(t, maintainer.token).get(`/orgs/${org.slug}`)).body).toContain(
      consoleLink,
    );
    for (const role of ['instructor', 'user'] as const) {
      const member = await signedInUser(t, org, role);
      const page = await WebClient.withSession(t, member.token).get(`/orgs/${org.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(consoleLink);
    }
    expect((await new WebClient(t).get(`/orgs/${org.slug}`)).body).not.toContain(consoleLink);
  });

  it('refuses the console to members who are not admins, sends visitors to sign in, and needs the CSRF token', async () => {
    const { org, href } = await adminConsole();
    const member = await signedInUser(t, org, 'instructor');
    const refused = await WebClient.withSession(t, member.token).get(href('/tokens'));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).not.toContain('Create token');

    const anonymous = await new WebClient(t).get(href());
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/sign-in?next=${encodeURIComponent(href())}`);

    const admin = await signedInUser(t, org, 'admin');
    const forged = await t.inject({
      method: 'POST',
      url: href('/tokens'),
      payload: 'name=forged',
      headers: {
        cookie: `access_token_cookie=${admin.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(await tokensOf(org, admin.headers)).toEqual([]);
  });
});
