import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';

const endpointBase = {
  webhook_uuid: Type.String(),
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  created_by_user_id: Type.Integer(),
  creation_date: Type.String(),
};

export const WebhookEndpointRead = Type.Object(
  {
    id: Type.Integer(),
    org_id: Type.Integer(),
    ...endpointBase,
    has_secret: Type.Boolean(),
    update_date: Type.String(),
  },
  { title: 'WebhookEndpointRead' },
);

export const WebhookEndpointCreatedResponse = Type.Object(
  { ...endpointBase, secret: Type.String({ description: 'whsec_…; shown only on create and regenerate' }) },
  { title: 'WebhookEndpointCreatedResponse' },
);

export const WebhookDeliveryLogRead = Type.Object(
  {
    id: Type.Integer(),
    delivery_id: Type.String(),
    event: Type.String(),
    attempt: Type.Integer(),
    http_status: Nullable(Type.Integer()),
    response_body: Nullable(Type.String({ description: 'The first 500 bytes of the response' })),
    error_message: Nullable(Type.String()),
    success: Type.Boolean(),
    duration_ms: Nullable(Type.Integer()),
    created_at: Type.String(),
  },
  { title: 'WebhookDeliveryLogRead' },
);

export const WebhookCreate = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }),
});

export const WebhookUpdate = Type.Object({
  url: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 2048 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  events: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }))),
  is_active: Type.Optional(Nullable(Type.Boolean())),
});

export const EventCatalogue = Type.Object({
  events: Type.Record(
    Type.String(),
    Type.Object({
      category: Type.String(),
      description: Type.String(),
      data_schema: JsonObject,
      json_schema: JsonObject,
    }),
  ),
});
