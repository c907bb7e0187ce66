import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable } from '../../core/http/schemas.ts';

export const ApiTokenCreate = Type.Object({
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  rights: Type.Optional(Nullable(JsonObject)),
  expires_at: Type.Optional(
    Nullable(Type.String({ format: 'date-time', description: 'ISO 8601; omit for no expiry' })),
  ),
});

export const ApiTokenUpdate = Type.Partial(ApiTokenCreate);

const common = {
  token_uuid: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  token_prefix: Type.String(),
  org_id: Type.Integer(),
  rights: Nullable(JsonObject),
  created_by_user_id: Type.Integer(),
  creation_date: Type.String(),
  expires_at: Nullable(Type.String()),
};

export const ApiTokenRead = Type.Object(
  {
    id: Type.Integer(),
    ...common,
    update_date: Type.String(),
    last_used_at: Nullable(Type.String()),
    is_active: Type.Boolean(),
  },
  { title: 'APITokenRead' },
);

export const ApiTokenCreatedResponse = Type.Object(
  { token: Type.String({ description: 'The token value; shown only now' }), ...common },
  { title: 'APITokenCreatedResponse' },
);
