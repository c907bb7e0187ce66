/** SQL for folders and their items. The caller owns the transaction. */
import type { Updateable } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { FolderItemsTable, FoldersTable } from './tables.ts';

export type FolderRow = Omit<FoldersTable, 'id'> & { id: number };
export type FolderItemRow = FolderItemsTable;

export function findFolderByUuid(db: Executor, uuid: string): Promise<FolderRow | undefined> {
  return db.selectFrom('folders').selectAll().where('folder_uuid', '=', uuid).executeTakeFirst();
}

export function findFolderById(db: Executor, id: number): Promise<FolderRow | undefined> {
  return db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertFolder(db: Executor, folder: Omit<FoldersTable, 'id'>): Promise<FolderRow> {
  return db.insertInto('folders').values(folder).returningAll().executeTakeFirstOrThrow();
}

/** Many rows in one statement (bulk loads such as the search benchmark). */
export function insertFolders(db: Executor, rows: Omit<FoldersTable, 'id'>[]): Promise<FolderRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insertInto('folders').values(rows).returningAll().execute();
}

export function updateFolder(db: Executor, id: number, patch: Updateable<FoldersTable>): Promise<FolderRow> {
  return db.updateTable('folders').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFolder(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', id).execute();
}

function foldersOf(db: Executor, orgId: number, publicOnly: boolean) {
  let query = db.selectFrom('folders').selectAll().where('org_id', '=', orgId);
  if (publicOnly) query = query.where('public', '=', true);
  return query;
}

export function listFolders(
  db: Executor,
  orgId: number,
  page: { publicOnly: boolean; limit: number; offset: number },
): Promise<FolderRow[]> {
  return foldersOf(db, orgId, page.publicOnly).orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export function listRootFolders(db: Executor, orgId: number, publicOnly: boolean): Promise<FolderRow[]> {
  return foldersOf(db, orgId, publicOnly)
    .where('parent_folder_id', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The next `sort_order` among the children of `parentId` (root folders when null). */
export async function nextSortOrder(db: Executor, orgId: number, parentId: number | null): Promise<number> {
  const row = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('org_id', '=', orgId)
    .where('parent_folder_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** The folders `rootIds` and every folder below them, siblings in their order. */
export function listSubtrees(db: Executor, rootIds: number[]): Promise<FolderRow[]> {
  if (rootIds.length === 0) return Promise.resolve([]);
  return db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('folders')
        .select('id')
        .where('id', 'in', rootIds)
        .union(
          qb
            .selectFrom('folders')
            .innerJoin('tree', 'tree.id', 'folders.parent_folder_id')
            .select('folders.id'),
        ),
    )
    .selectFrom('folders')
    .selectAll('folders')
    .where('folders.id', 'in', (qb) => qb.selectFrom('tree').select('tree.id'))
    .orderBy('folders.sort_order')
    .orderBy('folders.id')
    .execute();
}

/** The folders `ids` and all their ancestors. */
export function listWithAncestors(db: Executor, ids: number[]): Promise<FolderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .withRecursive('up(id, parent_id)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['id', 'parent_folder_id as parent_id'])
        .where('id', 'in', ids)
        .union(
          qb
            .selectFrom('folders')
            .innerJoin('up', 'up.parent_id', 'folders.id')
            .select(['folders.id', 'folders.parent_folder_id as parent_id']),
        ),
    )
    .selectFrom('folders')
    .selectAll('folders')
    .where('folders.id', 'in', (qb) => qb.selectFrom('up').select('up.id'))
    .execute();
}

export function listItems(db: Executor, folderIds: number[]): Promise<FolderItemRow[]> {
  if (folderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('folder_items')
    .selectAll()
    .where('folder_id', 'in', folderIds)
    .orderBy('folder_id')
    .orderBy('position')
    .execute();
}

/** Replaces a folder's items with `items` (already in their new order). */
export async function replaceItems(db: Executor, folderId: number, items: FolderItemRow[]): Promise<void> {
  await db.deleteFrom('folder_items').where('folder_id', '=', folderId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('folder_items')
    .values(items.map((item, position) => ({ ...item, folder_id: folderId, position })))
    .execute();
}

export async function deleteItemsOfResource(db: Executor, resourceUuid: string): Promise<void> {
  await db.deleteFrom('folder_items').where('resource_uuid', '=', resourceUuid).execute();
}
