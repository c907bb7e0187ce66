import type { Static } from '@sinclair/typebox';
import { toUserReadPublic, type UserRow } from '../users/present.ts';
import type { BoardMemberRow, BoardRow } from './queries.ts';
import type { BoardMemberRead, BoardRead } from './schemas.ts';

export function toBoardRead(board: BoardRow): Static<typeof BoardRead> {
  return {
    id: board.id,
    board_uuid: board.board_uuid,
    org_id: board.org_id,
    name: board.name,
    description: board.description,
    thumbnail_image: board.thumbnail_image,
    created_by: board.created_by,
    creation_date: board.creation_date,
    update_date: board.update_date,
  };
}

export function toBoardMemberRead(
  board: BoardRow,
  member: BoardMemberRow,
  user: UserRow | undefined,
): Static<typeof BoardMemberRead> {
  return {
    board_uuid: board.board_uuid,
    user_id: member.user_id,
    role: member.role,
    creation_date: member.creation_date,
    user: user ? toUserReadPublic(user) : null,
  };
}
