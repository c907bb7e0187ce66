/**
 * Folders: nested (`parent_folder_id`, same organization, never inside themselves), holding
 * ordered links to resources of any module by uuid. Rights come from the `folders`
 * bucket (API tokens may hold it); public folders can also be read from outside.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, invalid, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { findResource } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { isOrgReader, requireOrgRight, requirePublicOrOrgRead } from '../roles/access.ts';
import { indexDocument, removeDocuments, type SearchDocument, searchText } from '../search/index-writer.ts';
import { type FolderReadObject, type FolderViewer, presentFolders } from './present.ts';
import type { FolderItemRow, FolderRow } from './queries.ts';
import * as queries from './queries.ts';
import type {
  FolderCreate,
  FolderItemAdd,
  FolderItemMove,
  FolderItemRemove,
  FolderUpdate,
} from './schemas.ts';

export { presentFolders } from './present.ts';
export type { FolderRow } from './queries.ts';

const DEFAULT_COLOR = 'violet';

/** What search finds this folder by. */
export function folderDocument(folder: FolderRow): SearchDocument {
  return {
    org_id: folder.org_id,
    resource_type: 'folder',
    resource_id: folder.id,
    title: folder.name,
    body: searchText(folder.description),
  };
}

export function indexFolder(db: Executor, folder: FolderRow): Promise<void> {
  return indexDocument(db, folderDocument(folder));
}

/** Other modules call this when one of their resources is deleted. */
export function removeResourceFromFolders(db: Executor, resourceUuid: string): Promise<void> {
  return queries.deleteItemsOfResource(db, resourceUuid);
}

async function getFolderOr404(db: Executor, uuid: string): Promise<FolderRow> {
  const folder = await queries.findFolderByUuid(db, uuid);
  if (!folder) throw notFound('Folder');
  return folder;
}

async function viewerOf(db: Executor, principal: Principal, orgId: number): Promise<FolderViewer> {
  return { member: await isOrgReader(db, principal, orgId, 'folders') };
}

async function requireReadable(db: Executor, principal: Principal, folder: FolderRow): Promise<FolderViewer> {
  return { member: await requirePublicOrOrgRead(db, principal, folder.org_id, 'folders', folder.public) };
}

async function presentOne(db: Executor, folder: FolderRow, viewer: FolderViewer): Promise<FolderReadObject> {
  const [read] = await presentFolders(db, [folder], viewer);
  return read;
}

const MEMBER_VIEW: FolderViewer = { member: true };

/** A parent for `folder` (or a new folder when undefined) in `orgId`, never inside itself. */
async function validParent(
  db: Executor,
  orgId: number,
  parentId: number,
  folder?: FolderRow,
): Promise<FolderRow> {
  const parent = await queries.findFolderById(db, parentId);
  if (!parent || parent.org_id !== orgId) throw notFound('Parent folder not found');
  if (folder) {
    const chain = await queries.listWithAncestors(db, [parent.id]);
    if (chain.some((ancestor) => ancestor.id === folder.id)) {
      throw badRequest('A folder cannot be moved inside itself or one of its subfolders');
    }
  }
  return parent;
}

export async function createFolder(
  ctx: AppContext,
  principal: Principal,
  input: Static<typeof FolderCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, input.org_id);
    await requireOrgRight(trx, principal, input.org_id, 'folders', 'action_create');
    const parentId = input.parent_folder_id ?? null;
    if (parentId !== null) await validParent(trx, input.org_id, parentId);
    const now = formatDateTime();
    const folder = await queries.insertFolder(trx, {
      folder_uuid: prefixedUuid('folder'),
      org_id: input.org_id,
      parent_folder_id: parentId,
      name: input.name.trim(),
      description: input.description ?? null,
      public: input.public ?? true,
      thumbnail_image: input.thumbnail_image ?? null,
      color: input.color ?? DEFAULT_COLOR,
      sort_order: await queries.nextSortOrder(trx, input.org_id, parentId),
      creation_date: now,
      update_date: now,
    });
    await indexFolder(trx, folder);
    await emit(trx, folder.org_id, 'folder_created', { folder_uuid: folder.folder_uuid, name: folder.name });
    return presentOne(trx, folder, MEMBER_VIEW);
  });
}

export async function getFolder(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const folder = await getFolderOr404(db, uuid);
  return presentOne(db, folder, await requireReadable(db, principal, folder));
}

export async function listFolders(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  const viewer = await viewerOf(db, principal, orgId);
  const folders = await queries.listFolders(db, orgId, {
    publicOnly: !viewer.member,
    limit,
    offset: (page - 1) * limit,
  });
  return presentFolders(db, folders, viewer);
}

export async function listRootFolders(ctx: AppContext, principal: Principal, orgId: number) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  const viewer = await viewerOf(db, principal, orgId);
  return presentFolders(db, await queries.listRootFolders(db, orgId, !viewer.member), viewer);
}

export async function updateFolder(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof FolderUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const folder = await getFolderOr404(trx, uuid);
    await requireOrgRight(trx, principal, folder.org_id, 'folders', 'action_update');
    let parentId = folder.parent_folder_id;
    let sortOrder = input.order ?? folder.sort_order;
    if (input.parent_folder_id !== undefined && input.parent_folder_id !== folder.parent_folder_id) {
      parentId = input.parent_folder_id;
      if (parentId !== null) await validParent(trx, folder.org_id, parentId, folder);
      sortOrder = input.order ?? (await queries.nextSortOrder(trx, folder.org_id, parentId));
    }
    const updated = await queries.updateFolder(trx, folder.id, {
      name: input.name?.trim() ?? folder.name,
      description: input.description === undefined ? folder.description : input.description,
      public: input.public ?? folder.public,
      thumbnail_image: input.thumbnail_image === undefined ? folder.thumbnail_image : input.thumbnail_image,
      color: input.color === undefined ? folder.color : input.color,
      parent_folder_id: parentId,
      sort_order: sortOrder,
      update_date: formatDateTime(),
    });
    await indexFolder(trx, updated);
    await emit(trx, updated.org_id, 'folder_updated', {
      folder_uuid: updated.folder_uuid,
      name: updated.name,
    });
    return presentOne(trx, updated, MEMBER_VIEW);
  });
}

/** Deletes the folder and every subfolder below it (the linked resources stay). */
export async function deleteFolder(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const folder = await getFolderOr404(trx, uuid);
    await requireOrgRight(trx, principal, folder.org_id, 'folders', 'action_delete');
    const removed = await queries.listSubtrees(trx, [folder.id]);
    await queries.deleteFolder(trx, folder.id);
    await removeDocuments(
      trx,
      'folder',
      removed.map((each) => each.id),
    );
    for (const each of [folder, ...removed.filter((each) => each.id !== folder.id)]) {
      await emit(trx, each.org_id, 'folder_deleted', { folder_uuid: each.folder_uuid, name: each.name });
    }
  });
}

function insertAt(
  items: FolderItemRow[],
  item: FolderItemRow,
  position: number | undefined,
): FolderItemRow[] {
  const at = position === undefined ? items.length : Math.min(position, items.length);
  return [...items.slice(0, at), item, ...items.slice(at)];
}

async function editableFolder(db: Executor, principal: Principal, uuid: string) {
  const folder = await getFolderOr404(db, uuid);
  await requireOrgRight(db, principal, folder.org_id, 'folders', 'action_update');
  return { folder, items: await queries.listItems(db, [folder.id]) };
}

export async function addItem(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof FolderItemAdd>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { folder, items } = await editableFolder(trx, principal, uuid);
    const resource = await findResource(trx, input.resource_uuid);
    if (!resource || resource.orgId !== folder.org_id) throw notFound('Resource');
    if (resource.type !== input.resource_type) {
      throw invalid(
        ['body', 'resource_type'],
        `Resource ${input.resource_uuid} is a ${resource.type}, not a ${input.resource_type}`,
        input.resource_type,
      );
    }
    if (items.some((item) => item.resource_uuid === input.resource_uuid)) {
      throw conflict('This resource is already in the folder');
    }
    const item = {
      folder_id: folder.id,
      resource_uuid: input.resource_uuid,
      resource_type: resource.type,
      position: 0,
      creation_date: formatDateTime(),
    };
    await queries.replaceItems(trx, folder.id, insertAt(items, item, input.position));
    return presentOne(trx, folder, MEMBER_VIEW);
  });
}

export async function removeItem(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof FolderItemRemove>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { folder, items } = await editableFolder(trx, principal, uuid);
    const remaining = items.filter((item) => item.resource_uuid !== input.resource_uuid);
    if (remaining.length === items.length) throw notFound('This resource is not in the folder');
    await queries.replaceItems(trx, folder.id, remaining);
    return presentOne(trx, folder, MEMBER_VIEW);
  });
}

/** Moves an item to another place in its folder, or into another folder of the organization. */
export async function moveItem(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof FolderItemMove>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const { folder, items } = await editableFolder(trx, principal, uuid);
    const item = items.find((each) => each.resource_uuid === input.resource_uuid);
    if (!item) throw notFound('This resource is not in the folder');
    const remaining = items.filter((each) => each !== item);
    const target =
      input.target_folder_uuid === undefined || input.target_folder_uuid === folder.folder_uuid
        ? folder
        : await getFolderOr404(trx, input.target_folder_uuid);
    if (target.org_id !== folder.org_id) throw notFound('Folder');
    if (target.id === folder.id) {
      await queries.replaceItems(trx, folder.id, insertAt(remaining, item, input.position));
      return presentOne(trx, folder, MEMBER_VIEW);
    }
    const targetItems = await queries.listItems(trx, [target.id]);
    if (targetItems.some((each) => each.resource_uuid === item.resource_uuid)) {
      throw conflict('This resource is already in the target folder');
    }
    await queries.replaceItems(trx, folder.id, remaining);
    await queries.replaceItems(trx, target.id, insertAt(targetItems, item, input.position));
    return presentOne(trx, target, MEMBER_VIEW);
  });
}
