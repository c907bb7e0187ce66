/**
 * Whiteboards and their members (owner, editor, viewer), all from the board's
 * organization. Board roles grant what they say (owners also manage members and delete);
 * the `boards` rights bucket grants the same across the organization. API tokens are refused.
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { removeResourceFromFolders } from '../folders/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { hasOrgRight, requireOrgRight } from '../roles/access.ts';
import { findMembership } from '../roles/service.ts';
import { findUsersByIds } from '../users/service.ts';
import { toBoardMemberRead, toBoardRead } from './present.ts';
import type { BoardRow } from './queries.ts';
import * as queries from './queries.ts';
import type { BoardCreate, BoardMemberAdd, BoardUpdate } from './schemas.ts';
import type { BoardRole } from './tables.ts';

registerResourceType('board_', async (db, uuid) => {
  const board = await queries.findBoardByUuid(db, uuid);
  if (!board) return undefined;
  return { orgId: board.org_id, type: 'board', present: async () => toBoardRead(board) };
});

type Need = 'read' | 'update' | 'delete' | 'manage';

/** Board roles that grant each need; the org-wide right that does; whether the creator's `_own` right does. */
const GRANTS: Record<Need, { roles: BoardRole[]; action: 'read' | 'update' | 'delete'; own: boolean }> = {
  read: { roles: ['owner', 'editor', 'viewer'], action: 'read', own: true },
  update: { roles: ['owner', 'editor'], action: 'update', own: true },
  delete: { roles: ['owner'], action: 'delete', own: true },
  manage: { roles: ['owner'], action: 'update', own: false },
};

async function requireBoard(db: Executor, principal: Principal, board: BoardRow, need: Need) {
  const grant = GRANTS[need];
  // Tokens and anonymous callers stop here (403 for tokens: boards are for people; 401 otherwise).
  if (principal.kind !== 'user') await requireOrgRight(db, principal, board.org_id, 'boards', 'action_read');
  requireSessionUser(principal);
  const member = await queries.findMember(db, board.id, principal.id);
  if (member && grant.roles.includes(member.role)) return principal;
  if (await hasOrgRight(db, principal, board.org_id, 'boards', `action_${grant.action}`)) return principal;
  const ownAction = `action_${grant.action}_own` as const;
  if (
    grant.own &&
    board.created_by === principal.id &&
    (await hasOrgRight(db, principal, board.org_id, 'boards', ownAction))
  ) {
    return principal;
  }
  throw forbidden(
    `You do not have permission to ${need === 'manage' ? 'manage the members of' : need} this board`,
  );
}

async function getBoardOr404(db: Executor, uuid: string): Promise<BoardRow> {
  const board = await queries.findBoardByUuid(db, uuid);
  if (!board) throw notFound('Board');
  return board;
}

export async function createBoard(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof BoardCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgRight(trx, principal, orgId, 'boards', 'action_create');
    requireSessionUser(principal);
    const now = formatDateTime();
    const board = await queries.insertBoard(trx, {
      board_uuid: prefixedUuid('board'),
      org_id: orgId,
      name: input.name.trim(),
      description: input.description ?? null,
      thumbnail_image: input.thumbnail_image ?? null,
      created_by: principal.id,
      creation_date: now,
      update_date: now,
    });
    await queries.insertMember(trx, board.id, principal.id, 'owner', now);
    await emit(trx, orgId, 'board_created', {
      board_uuid: board.board_uuid,
      name: board.name,
      created_by: principal.id,
    });
    return toBoardRead(board);
  });
}

export async function getBoard(ctx: AppContext, principal: Principal, uuid: string) {
  const board = await getBoardOr404(ctx.database.db, uuid);
  await requireBoard(ctx.database.db, principal, board, 'read');
  return toBoardRead(board);
}

/** Every board of the organization for holders of `boards.action_read`; otherwise the caller's own. */
export async function listBoards(ctx: AppContext, principal: Principal, orgId: number) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  if (principal.kind !== 'user') await requireOrgRight(db, principal, orgId, 'boards', 'action_read');
  requireSessionUser(principal);
  const readsAll = await hasOrgRight(db, principal, orgId, 'boards', 'action_read');
  return (await queries.listBoards(db, orgId, readsAll ? undefined : principal.id)).map(toBoardRead);
}

export async function updateBoard(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof BoardUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const board = await getBoardOr404(trx, uuid);
    await requireBoard(trx, principal, board, 'update');
    const updated = await queries.updateBoard(trx, board.id, {
      name: input.name?.trim() ?? board.name,
      description: input.description === undefined ? board.description : input.description,
      thumbnail_image: input.thumbnail_image === undefined ? board.thumbnail_image : input.thumbnail_image,
      update_date: formatDateTime(),
    });
    return toBoardRead(updated);
  });
}

export async function deleteBoard(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const board = await getBoardOr404(trx, uuid);
    await requireBoard(trx, principal, board, 'delete');
    await queries.deleteBoard(trx, board.id);
    await removeResourceFromFolders(trx, board.board_uuid);
  });
}

export async function listMembers(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const board = await getBoardOr404(db, uuid);
  await requireBoard(db, principal, board, 'read');
  const members = await queries.listMembers(db, board.id);
  const users = new Map(
    (
      await findUsersByIds(
        db,
        members.map((m) => m.user_id),
      )
    ).map((u) => [u.id, u]),
  );
  return members.map((member) => toBoardMemberRead(board, member, users.get(member.user_id)));
}

export async function addMember(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof BoardMemberAdd>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const board = await getBoardOr404(trx, uuid);
    await requireBoard(trx, principal, board, 'manage');
    if (!(await findMembership(trx, input.user_id, board.org_id))) {
      throw badRequest(`User ${input.user_id} is not a member of this organization`);
    }
    if (await queries.findMember(trx, board.id, input.user_id)) {
      throw conflict('This user is already a member of the board');
    }
    const now = formatDateTime();
    await queries.insertMember(trx, board.id, input.user_id, input.role, now);
    await emit(trx, board.org_id, 'board_member_added', {
      board_uuid: board.board_uuid,
      user_id: input.user_id,
      role: input.role,
    });
    const [user] = await findUsersByIds(trx, [input.user_id]);
    return toBoardMemberRead(
      board,
      { board_id: board.id, user_id: input.user_id, role: input.role, creation_date: now },
      user,
    );
  });
}

/** Removes a member; a board always keeps at least one owner. */
export async function removeMember(ctx: AppContext, principal: Principal, uuid: string, userId: number) {
  await ctx.database.db.transaction().execute(async (trx) => {
    const board = await getBoardOr404(trx, uuid);
    await requireBoard(trx, principal, board, 'manage');
    const member = await queries.findMember(trx, board.id, userId);
    if (!member) throw notFound('Board member not found');
    const owners = (await queries.listMembers(trx, board.id)).filter((m) => m.role === 'owner');
    if (member.role === 'owner' && owners.length === 1) {
      throw badRequest('A board must keep at least one owner');
    }
    await queries.deleteMember(trx, board.id, userId);
  });
}
