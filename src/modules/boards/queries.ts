/** SQL for whiteboards and their members. The caller owns the transaction. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { BoardMembersTable, BoardRole, BoardsTable } from './tables.ts';

export type BoardRow = Omit<BoardsTable, 'id'> & { id: number };
export type BoardMemberRow = BoardMembersTable;

export function findBoardByUuid(db: Executor, uuid: string): Promise<BoardRow | undefined> {
  return db.selectFrom('boards').selectAll().where('board_uuid', '=', uuid).executeTakeFirst();
}

export function insertBoard(db: Executor, row: Omit<BoardsTable, 'id'>): Promise<BoardRow> {
  return db.insertInto('boards').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateBoard(db: Executor, id: number, patch: Updateable<BoardsTable>): Promise<BoardRow> {
  return db.updateTable('boards').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteBoard(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('boards').where('id', '=', id).execute();
}

/** Newest first; only the boards `memberUserId` belongs to when given. */
export function listBoards(db: Executor, orgId: number, memberUserId?: number): Promise<BoardRow[]> {
  let query = db.selectFrom('boards').selectAll().where('org_id', '=', orgId);
  if (memberUserId !== undefined) {
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('board_members').select('board_id').where('user_id', '=', memberUserId),
    );
  }
  return query.orderBy('id', 'desc').execute();
}

export function findMember(
  db: Executor,
  boardId: number,
  userId: number,
): Promise<BoardMemberRow | undefined> {
  return db
    .selectFrom('board_members')
    .selectAll()
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listMembers(db: Executor, boardId: number): Promise<BoardMemberRow[]> {
  return db
    .selectFrom('board_members')
    .selectAll()
    .where('board_id', '=', boardId)
    .orderBy('creation_date')
    .orderBy('user_id')
    .execute();
}

export async function insertMember(
  db: Executor,
  boardId: number,
  userId: number,
  role: BoardRole,
  now: string,
) {
  await db
    .insertInto('board_members')
    .values({ board_id: boardId, user_id: userId, role, creation_date: now })
    .execute();
}

export async function deleteMember(db: Executor, boardId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('board_members')
    .where('board_id', '=', boardId)
    .where('user_id', '=', userId)
    .execute();
}
