import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../core/http/schemas.ts';
import { UserReadPublic } from '../users/schemas.ts';
import { BOARD_ROLES } from './tables.ts';

export const BoardRead = Type.Object({
  id: Type.Integer(),
  board_uuid: Type.String(),
  org_id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  thumbnail_image: Nullable(Type.String()),
  created_by: Nullable(Type.Integer()),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const name = Type.String({ minLength: 1, maxLength: 200 });
const description = Nullable(Type.String({ maxLength: 5000 }));
const image = Nullable(Type.String({ maxLength: 2048 }));

export const BoardCreate = Type.Object({
  name,
  description: Type.Optional(description),
  thumbnail_image: Type.Optional(image),
});

export const BoardUpdate = Type.Partial(BoardCreate);

export const BoardMemberAdd = Type.Object({
  /** A member of the board's organization. */
  user_id: Type.Integer(),
  role: StringEnum(BOARD_ROLES),
});

export const BoardMemberRead = Type.Object({
  board_uuid: Type.String(),
  user_id: Type.Integer(),
  role: StringEnum(BOARD_ROLES),
  creation_date: Type.String(),
  user: Nullable(UserReadPublic),
});
