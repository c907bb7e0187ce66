import type { Generated } from 'kysely';

export const BOARD_ROLES = ['owner', 'editor', 'viewer'] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];

export interface BoardsTable {
  id: Generated<number>;
  board_uuid: string;
  org_id: number;
  name: string;
  description: string | null;
  thumbnail_image: string | null;
  created_by: number | null;
  creation_date: string;
  update_date: string;
}

export interface BoardMembersTable {
  board_id: number;
  user_id: number;
  role: BoardRole;
  creation_date: string;
}

export interface BoardTables {
  boards: BoardsTable;
  board_members: BoardMembersTable;
}
