/**
 * `/orgs/{slug}/console/webhooks`: endpoints (create with the signing secret shown once,
 * edit URL, events and active flag, delete, new secret), test pings and the delivery log
 * with redelivery. Access and rate limits are checked as the webhooks API checks them;
 * nothing is sent from here: pings and redeliveries are queued for the delivery worker.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { limitPerOrg, requireWebhookAccess } from '../../webhooks/management-access.ts';
import * as webhooks from '../../webhooks/service.ts';
import { csrfField } from '../forms.ts';
import { html } from '../html.ts';
import { isRefusal, refusalMessage } from '../refusal.ts';
import { viewerOf } from '../viewer.ts';
import { type ConsoleCaller, consoleCaller, consoleHref } from './console-access.ts';
import { secretOnce, sendConsolePage, sendSectionPage, withNotice } from './console-page.ts';
import {
  deliveryLog,
  EMPTY_ENDPOINT_FORM,
  type EndpointFormValues,
  endpointForm,
  endpointList,
} from './webhook-views.ts';

const OrgParams = Type.Object({ org_slug: Type.String() });
const EndpointParams = Type.Object({
  org_slug: Type.String(),
  webhook_uuid: Type.String({ maxLength: 100 }),
});
const DeliveryParams = Type.Object({
  ...EndpointParams.properties,
  delivery_id: Type.String({ maxLength: 100 }),
});
const EndpointForm = Type.Object({
  url: Type.String({ maxLength: 2048 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  events: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }))]),
  ),
  is_active: Type.Optional(Type.Literal('true')),
});
type EndpointFormBody = { url: string; description?: string; events?: string | string[]; is_active?: 'true' };

function valuesOf(body: EndpointFormBody): EndpointFormValues {
  const events = body.events === undefined ? [] : Array.isArray(body.events) ? body.events : [body.events];
  return {
    url: body.url,
    description: body.description ?? '',
    events: new Set(events),
    isActive: body.is_active === 'true',
  };
}

const listHref = (caller: ConsoleCaller) => consoleHref(caller.org, '/webhooks');
const endpointHref = (caller: ConsoleCaller, uuid: string) =>
  `${listHref(caller)}/${encodeURIComponent(uuid)}`;

export async function webhookPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/orgs/:org_slug/console/webhooks';

  function listPage(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    form: { values: EndpointFormValues; error?: string; status?: number },
  ) {
    const viewer = viewerOf(request, reply);
    return sendSectionPage(request, reply, {
      caller,
      viewer,
      section: 'webhooks',
      title: 'Webhooks',
      status: form.status,
      render: async () => {
        await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_read');
        const endpoints = await webhooks.listEndpoints(ctx, caller.org.id);
        return html`${endpointList(endpoints, (uuid) => endpointHref(caller, uuid))}
          <section class="panel" aria-labelledby="new-webhook-title">
            <h2 id="new-webhook-title">New webhook</h2>
            ${endpointForm(viewer, { action: listHref(caller), submitLabel: 'Create webhook', values: form.values, withActiveFlag: false, error: form.error })}
          </section>`;
      },
    });
  }

  async function endpointPage(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    uuid: string,
    form: { values?: EndpointFormValues; error?: string; status?: number } = {},
  ) {
    await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_read');
    const endpoint = await webhooks.getEndpoint(ctx, caller.org.id, uuid);
    const attempts = await webhooks.listDeliveryAttempts(ctx, caller.org.id, uuid);
    const viewer = viewerOf(request, reply);
    const href = endpointHref(caller, uuid);
    const values = form.values ?? {
      url: endpoint.url,
      description: endpoint.description ?? '',
      events: new Set(endpoint.events),
      isActive: endpoint.is_active,
    };
    const body = html`<p><a href="${listHref(caller)}">All webhooks</a></p>
      <p>Sends to <code>${endpoint.url}</code> · ${endpoint.is_active ? 'Active' : 'Inactive'} · created ${endpoint.creation_date}</p>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <div class="button-row">
          <form method="post" action="${href}/test">${csrfField(viewer)}<button type="submit" class="primary">Send test ping</button></form>
          <form method="post" action="${href}/secret" data-confirm="Replace the signing secret? The current one stops working at once.">${csrfField(viewer)}<button type="submit">New signing secret</button></form>
          <form method="post" action="${href}/delete" data-confirm="Delete this webhook and its delivery log?">${csrfField(viewer)}<button type="submit" class="danger">Delete webhook</button></form>
        </div>
      </section>
      <section aria-labelledby="log-title">
        <h2 id="log-title">Delivery log</h2>
        <p><a href="${href}">Refresh</a></p>
        ${deliveryLog(viewer, attempts, (deliveryId) => `${href}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`)}
      </section>
      <section class="panel" aria-labelledby="edit-title">
        <h2 id="edit-title">Settings</h2>
        ${endpointForm(viewer, { action: href, submitLabel: 'Save webhook', values, withActiveFlag: true, error: form.error })}
      </section>`;
    return sendConsolePage(request, reply, {
      caller,
      viewer,
      section: 'webhooks',
      title: 'Webhook',
      body,
      status: form.status,
    });
  }

  /** The page answering create and new-secret: the secret, shown this once. */
  function secretPage(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    uuid: string,
    secret: string,
    title: string,
  ) {
    const viewer = viewerOf(request, reply);
    const body = html`${secretOnce('Signing secret', secret)}
      <p>Every delivery carries an HMAC-SHA256 signature made with it, so your receiver can check that the request came from us.</p>
      <p><a href="${endpointHref(caller, uuid)}">Go to the webhook</a></p>`;
    return sendConsolePage(request, reply, { caller, viewer, section: 'webhooks', title, body });
  }

  app.get(base, { schema: { hide: true, params: OrgParams } }, async (request, reply) =>
    listPage(request, reply, await consoleCaller(ctx, request.principal, request.params.org_slug), {
      values: EMPTY_ENDPOINT_FORM,
    }),
  );

  app.post(
    base,
    { schema: { hide: true, params: OrgParams, body: EndpointForm } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const values = valuesOf(request.body);
      try {
        const actor = await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_create');
        await limitPerOrg(ctx, caller.org.id, 'create');
        const created = await webhooks.createEndpoint(ctx, caller.org.id, {
          url: values.url.trim(),
          description: values.description.trim() || null,
          events: [...values.events],
          createdByUserId: actor,
        });
        return secretPage(request, reply, caller, created.webhook_uuid, created.secret, 'Webhook created');
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return listPage(request, reply, caller, {
          values,
          error: refusalMessage(error),
          status: error.statusCode,
        });
      }
    },
  );

  app.get(
    `${base}/:webhook_uuid`,
    { schema: { hide: true, params: EndpointParams } },
    async (request, reply) =>
      endpointPage(
        request,
        reply,
        await consoleCaller(ctx, request.principal, request.params.org_slug),
        request.params.webhook_uuid,
      ),
  );

  app.post(
    `${base}/:webhook_uuid`,
    { schema: { hide: true, params: EndpointParams, body: EndpointForm } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const uuid = request.params.webhook_uuid;
      const values = valuesOf(request.body);
      try {
        await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_update');
        await webhooks.updateEndpoint(ctx, caller.org.id, uuid, {
          url: values.url.trim(),
          description: values.description.trim(),
          events: [...values.events],
          is_active: values.isActive,
        });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return endpointPage(request, reply, caller, uuid, {
          values,
          error: refusalMessage(error),
          status: error.statusCode,
        });
      }
      return reply.redirect(withNotice(endpointHref(caller, uuid), 'webhook-saved'), 303);
    },
  );

  app.post(
    `${base}/:webhook_uuid/test`,
    { schema: { hide: true, params: EndpointParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const uuid = request.params.webhook_uuid;
      await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_update');
      await limitPerOrg(ctx, caller.org.id, 'test');
      const deliveryId = await webhooks.queuePing(ctx, caller.org.id, uuid);
      return reply.redirect(
        withNotice(endpointHref(caller, uuid), deliveryId ? 'ping-queued' : 'ping-inactive'),
        303,
      );
    },
  );

  app.post(
    `${base}/:webhook_uuid/secret`,
    { schema: { hide: true, params: EndpointParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const uuid = request.params.webhook_uuid;
      await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_update');
      const rotated = await webhooks.regenerateSecret(ctx, caller.org.id, uuid);
      return secretPage(request, reply, caller, uuid, rotated.secret, 'New signing secret');
    },
  );

  app.post(
    `${base}/:webhook_uuid/delete`,
    { schema: { hide: true, params: EndpointParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_delete');
      await webhooks.deleteEndpoint(ctx, caller.org.id, request.params.webhook_uuid);
      return reply.redirect(withNotice(listHref(caller), 'webhook-deleted'), 303);
    },
  );

  app.post(
    `${base}/:webhook_uuid/deliveries/:delivery_id/redeliver`,
    { schema: { hide: true, params: DeliveryParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const { webhook_uuid, delivery_id } = request.params;
      await requireWebhookAccess(ctx, caller.user, caller.org.id, 'action_update');
      await webhooks.redeliver(ctx, caller.org.id, webhook_uuid, delivery_id);
      return reply.redirect(withNotice(endpointHref(caller, webhook_uuid), 'redelivery-queued'), 303);
    },
  );
}
