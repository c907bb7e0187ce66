import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum } from '../../core/http/schemas.ts';

export const RoleRead = Type.Object(
  {
    id: Type.Integer(),
    role_uuid: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    role_type: StringEnum(['TYPE_GLOBAL', 'TYPE_ORGANIZATION']),
    org_id: Type.Integer({ description: '0 for global roles' }),
    rights: JsonObject,
    creation_date: Type.String(),
    update_date: Type.String(),
  },
  { title: 'RoleRead' },
);

export const RoleCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  rights: JsonObject,
});

export const RoleUpdate = Type.Partial(RoleCreate);
