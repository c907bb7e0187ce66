/**
 * Playgrounds: stored HTML documents an organization publishes. Who reads one depends on
 * `access_type` once it is published (public: anyone; authenticated: any signed-in user;
 * restricted: members of the user groups linked to it); editors (`playgrounds.action_update`,
 * or its creator with `action_update_own`) always can. API tokens are refused.
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound, unauthorized } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { linkedCourseId } from '../courses/service.ts';
import { removeResourceFromFolders } from '../folders/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { hasOrgRight, requireOrgRight, requireOrgRightOrOwn } from '../roles/access.ts';
import { indexDocument, removeDocument, type SearchDocument, searchText } from '../search/index-writer.ts';
import { deleteResourceLinks, resourcesUnlockedForUser } from '../usergroups/service.ts';
import { presentPlayground } from './present.ts';
import type { PlaygroundRow } from './queries.ts';
import * as queries from './queries.ts';
import type { PlaygroundCreate, PlaygroundUpdate } from './schemas.ts';

export { presentPlaygrounds } from './present.ts';
export type { PlaygroundRow } from './queries.ts';

registerResourceType('playground_', async (db, uuid) => {
  const playground = await queries.findPlaygroundByUuid(db, uuid);
  if (!playground) return undefined;
  return {
    orgId: playground.org_id,
    type: 'playground',
    publiclyVisible: playground.published && playground.access_type === 'public',
    present: () => presentPlayground(db, playground),
  };
});

/** What search finds this playground by. */
export function playgroundDocument(playground: PlaygroundRow): SearchDocument {
  return {
    org_id: playground.org_id,
    resource_type: 'playground',
    resource_id: playground.id,
    title: playground.name,
    body: searchText(playground.description),
  };
}

function indexPlayground(db: Executor, playground: PlaygroundRow): Promise<void> {
  return indexDocument(db, playgroundDocument(playground));
}

/** What one caller may see among one organization's playgrounds. */
interface PlaygroundAccess {
  userId: number | undefined;
  editsAll: boolean;
  editsOwn: boolean;
  /** Restricted playgrounds a user group of the caller unlocks. */
  unlocked: Set<string>;
}

async function accessTo(
  db: Executor,
  principal: Principal,
  orgId: number,
  playgrounds: PlaygroundRow[],
): Promise<PlaygroundAccess> {
  if (principal.kind === 'token') await requireOrgRight(db, principal, orgId, 'playgrounds', 'action_read');
  if (principal.kind !== 'user')
    return { userId: undefined, editsAll: false, editsOwn: false, unlocked: new Set() };
  const restricted = playgrounds.filter((p) => p.access_type === 'restricted').map((p) => p.playground_uuid);
  return {
    userId: principal.id,
    editsAll: await hasOrgRight(db, principal, orgId, 'playgrounds', 'action_update'),
    editsOwn: await hasOrgRight(db, principal, orgId, 'playgrounds', 'action_update_own'),
    unlocked: new Set(await resourcesUnlockedForUser(db, principal.id, restricted)),
  };
}

function mayEdit(access: PlaygroundAccess, playground: PlaygroundRow): boolean {
  return access.editsAll || (access.editsOwn && playground.created_by === access.userId);
}

function mayRead(access: PlaygroundAccess, playground: PlaygroundRow): boolean {
  if (mayEdit(access, playground)) return true;
  if (!playground.published) return false;
  if (playground.access_type === 'public') return true;
  if (playground.access_type === 'authenticated') return access.userId !== undefined;
  return access.unlocked.has(playground.playground_uuid);
}

async function getPlaygroundOr404(db: Executor, uuid: string): Promise<PlaygroundRow> {
  const playground = await queries.findPlaygroundByUuid(db, uuid);
  if (!playground) throw notFound('Playground');
  return playground;
}

export async function createPlayground(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof PlaygroundCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgRight(trx, principal, orgId, 'playgrounds', 'action_create');
    requireSessionUser(principal);
    const now = formatDateTime();
    const playground = await queries.insertPlayground(trx, {
      playground_uuid: prefixedUuid('playground'),
      org_id: orgId,
      course_id: await linkedCourseId(trx, orgId, input.course_id),
      name: input.name.trim(),
      description: input.description ?? null,
      thumbnail_image: input.thumbnail_image ?? null,
      html_content: input.html_content ?? null,
      access_type: input.access_type ?? 'authenticated',
      published: input.published ?? false,
      created_by: principal.id,
      creation_date: now,
      update_date: now,
    });
    await indexPlayground(trx, playground);
    await emit(trx, orgId, 'playground_created', {
      playground_uuid: playground.playground_uuid,
      name: playground.name,
      created_by: principal.id,
    });
    return presentPlayground(trx, playground);
  });
}

export async function getPlayground(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const playground = await getPlaygroundOr404(db, uuid);
  if (!mayRead(await accessTo(db, principal, playground.org_id, [playground]), playground)) {
    if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
    throw forbidden('You do not have access to this playground');
  }
  return presentPlayground(db, playground);
}

/** The organization's playgrounds this caller may open, newest first. */
export async function listPlaygrounds(ctx: AppContext, principal: Principal, orgId: number) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  const all = await queries.listPlaygrounds(db, orgId);
  const access = await accessTo(db, principal, orgId, all);
  return all.filter((playground) => mayRead(access, playground));
}

export async function updatePlayground(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof PlaygroundUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const playground = await getPlaygroundOr404(trx, uuid);
    const isCreator = principal.kind === 'user' && principal.id === playground.created_by;
    await requireOrgRightOrOwn(trx, principal, playground.org_id, 'playgrounds', 'update', isCreator);
    const keep = <K extends keyof PlaygroundRow>(key: K, value: PlaygroundRow[K] | undefined) =>
      value === undefined ? playground[key] : value;
    const updated = await queries.updatePlayground(trx, playground.id, {
      name: input.name?.trim() ?? playground.name,
      description: keep('description', input.description),
      thumbnail_image: keep('thumbnail_image', input.thumbnail_image),
      html_content: keep('html_content', input.html_content),
      course_id:
        input.course_id === undefined
          ? playground.course_id
          : await linkedCourseId(trx, playground.org_id, input.course_id),
      access_type: keep('access_type', input.access_type),
      published: keep('published', input.published),
      update_date: formatDateTime(),
    });
    await indexPlayground(trx, updated);
    return presentPlayground(trx, updated);
  });
}

export async function deletePlayground(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const playground = await getPlaygroundOr404(trx, uuid);
    const isCreator = principal.kind === 'user' && principal.id === playground.created_by;
    await requireOrgRightOrOwn(trx, principal, playground.org_id, 'playgrounds', 'delete', isCreator);
    await queries.deletePlayground(trx, playground.id);
    await removeDocument(trx, 'playground', playground.id);
    await removeResourceFromFolders(trx, playground.playground_uuid);
    await deleteResourceLinks(trx, [playground.playground_uuid]);
  });
}
