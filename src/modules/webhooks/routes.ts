/**
 * Webhook management (spec §4.9), under both `/orgs/{org_id}/webhooks…` and
 * `/{org_id}/webhooks…`: one handler per operation, registered for each prefix.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { catalogueView } from './catalogue-view.ts';
import { limitPerOrg, requireWebhookAccess } from './management-access.ts';
import {
  EventCatalogue,
  WebhookCreate,
  WebhookDeliveryLogRead,
  WebhookEndpointCreatedResponse,
  WebhookEndpointRead,
  WebhookUpdate,
} from './schemas.ts';
import * as webhooks from './service.ts';

const tags = ['webhooks'];
const PREFIXES = ['/api/v1/orgs/:org_id/webhooks', '/api/v1/:org_id/webhooks'];
const OrgParams = Type.Object({ org_id: Type.Integer() });
const EndpointParams = Type.Object({ org_id: Type.Integer(), webhook_uuid: Type.String({ maxLength: 100 }) });

export async function webhookRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const base of PREFIXES) {
    app.get(
      `${base}/events`,
      {
        schema: {
          tags,
          summary: 'The event catalogue: names, categories, descriptions, data schemas',
          params: OrgParams,
          response: { 200: EventCatalogue },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_read');
        return catalogueView();
      },
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: 'Register an HTTPS endpoint for events; the signing secret is returned only now',
          params: OrgParams,
          body: WebhookCreate,
          response: { 200: WebhookEndpointCreatedResponse },
        },
      },
      async (request) => {
        const orgId = request.params.org_id;
        const actor = await requireWebhookAccess(ctx, request.principal, orgId, 'action_create');
        await limitPerOrg(ctx, orgId, 'create');
        return webhooks.createEndpoint(ctx, orgId, { ...request.body, createdByUserId: actor });
      },
    );

    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The organization's endpoints (never their secrets)",
          params: OrgParams,
          response: { 200: Type.Array(WebhookEndpointRead) },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_read');
        return webhooks.listEndpoints(ctx, request.params.org_id);
      },
    );

    app.get(
      `${base}/:webhook_uuid`,
      {
        schema: {
          tags,
          summary: 'One endpoint',
          params: EndpointParams,
          response: { 200: WebhookEndpointRead },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_read');
        return webhooks.getEndpoint(ctx, request.params.org_id, request.params.webhook_uuid);
      },
    );

    app.put(
      `${base}/:webhook_uuid`,
      {
        schema: {
          tags,
          summary: 'Change the URL, description, events or active flag (omitted fields stay)',
          params: EndpointParams,
          body: WebhookUpdate,
          response: { 200: WebhookEndpointRead },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_update');
        return webhooks.updateEndpoint(ctx, request.params.org_id, request.params.webhook_uuid, request.body);
      },
    );

    app.delete(
      `${base}/:webhook_uuid`,
      {
        schema: {
          tags,
          summary: 'Delete an endpoint with all its deliveries and logs',
          params: EndpointParams,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_delete');
        await webhooks.deleteEndpoint(ctx, request.params.org_id, request.params.webhook_uuid);
        return { detail: 'Webhook endpoint deleted successfully' };
      },
    );

    app.post(
      `${base}/:webhook_uuid/regenerate-secret`,
      {
        schema: {
          tags,
          summary: 'Replace the signing secret (the old one stops at once); the new one is returned only now',
          params: EndpointParams,
          response: { 200: WebhookEndpointCreatedResponse },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_update');
        return webhooks.regenerateSecret(ctx, request.params.org_id, request.params.webhook_uuid);
      },
    );

    app.post(
      `${base}/:webhook_uuid/test`,
      {
        schema: {
          tags,
          summary: 'Queue a `ping` to this endpoint',
          params: EndpointParams,
          response: {
            200: Type.Object({
              detail: Type.String(),
              delivery_id: Type.Union([Type.String(), Type.Null()]),
            }),
          },
        },
      },
      async (request) => {
        const orgId = request.params.org_id;
        await requireWebhookAccess(ctx, request.principal, orgId, 'action_update');
        await limitPerOrg(ctx, orgId, 'test');
        const deliveryId = await webhooks.queuePing(ctx, orgId, request.params.webhook_uuid);
        return {
          detail: deliveryId ? 'Test event dispatched' : 'The endpoint is inactive: no test event was sent',
          delivery_id: deliveryId,
        };
      },
    );

    app.get(
      `${base}/:webhook_uuid/deliveries`,
      {
        schema: {
          tags,
          summary: 'The most recent delivery attempts, newest first',
          params: EndpointParams,
          querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
          response: { 200: Type.Array(WebhookDeliveryLogRead) },
        },
      },
      async (request) => {
        await requireWebhookAccess(ctx, request.principal, request.params.org_id, 'action_read');
        return webhooks.listDeliveryAttempts(
          ctx,
          request.params.org_id,
          request.params.webhook_uuid,
          request.query.limit,
        );
      },
    );

    app.post(
      `${base}/:webhook_uuid/deliveries/:delivery_id/redeliver`,
      {
        schema: {
          tags,
          summary: 'Queue a fresh delivery of the same envelope (same delivery_id, so receivers dedupe)',
          params: Type.Object({
            org_id: Type.Integer(),
            webhook_uuid: Type.String(),
            delivery_id: Type.String(),
          }),
          response: { 200: Type.Object({ detail: Type.String(), delivery_id: Type.String() }) },
        },
      },
      async (request) => {
        const { org_id, webhook_uuid, delivery_id } = request.params;
        await requireWebhookAccess(ctx, request.principal, org_id, 'action_update');
        return {
          detail: 'Redelivery queued',
          delivery_id: await webhooks.redeliver(ctx, org_id, webhook_uuid, delivery_id),
        };
      },
    );
  }
}
