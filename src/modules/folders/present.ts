/**
 * Folders as FolderRead trees: every subfolder below, the items of each with the resource
 * they point at (presented by the module that owns it), and the path from the root.
 * People outside the organization see public folders and publicly visible items only.
 */
import type { Static } from '@sinclair/typebox';
import type { Executor } from '../../core/events/emit.ts';
import { findResource } from '../../core/resources/registry.ts';
import type { FolderItemRow, FolderRow } from './queries.ts';
import * as queries from './queries.ts';
import type { FolderRead } from './schemas.ts';

export type FolderReadObject = Static<typeof FolderRead>;

export interface FolderViewer {
  /** Holds `folders.action_read` in the organization: sees private folders and every item. */
  member: boolean;
}

type PresentedResource = Record<string, unknown>;

async function presentResources(
  db: Executor,
  uuids: string[],
  viewer: FolderViewer,
): Promise<Map<string, PresentedResource>> {
  const presented = new Map<string, PresentedResource>();
  for (const uuid of uuids) {
    const info = await findResource(db, uuid);
    // Items whose resource is gone (or hidden from this viewer) are left out.
    if (!info || (!viewer.member && !info.publiclyVisible)) continue;
    presented.set(uuid, info.present ? await info.present() : {});
  }
  return presented;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export async function presentFolders(
  db: Executor,
  roots: FolderRow[],
  viewer: FolderViewer,
): Promise<FolderReadObject[]> {
  if (roots.length === 0) return [];
  const canSee = (folder: FolderRow) => viewer.member || folder.public;
  const tree = (
    await queries.listSubtrees(
      db,
      roots.map((root) => root.id),
    )
  ).filter(canSee);
  const parentIds = roots.flatMap((root) => (root.parent_folder_id === null ? [] : [root.parent_folder_id]));
  const known = new Map<number, FolderRow>();
  for (const folder of [...(await queries.listWithAncestors(db, parentIds)), ...tree, ...roots]) {
    known.set(folder.id, folder);
  }
  const children = groupBy(tree, (folder) => folder.parent_folder_id);
  const items = groupBy(
    await queries.listItems(
      db,
      tree.map((folder) => folder.id),
    ),
    (item) => item.folder_id,
  );
  const uuids = [...new Set([...items.values()].flat().map((item) => item.resource_uuid))];
  const resources = await presentResources(db, uuids, viewer);

  const breadcrumbs = (folder: FolderRow) => {
    const path: { folder_uuid: string; name: string }[] = [];
    for (let at: FolderRow | undefined = folder; at; ) {
      if (canSee(at)) path.unshift({ folder_uuid: at.folder_uuid, name: at.name });
      at = at.parent_folder_id === null ? undefined : known.get(at.parent_folder_id);
    }
    return path;
  };
  const presentItems = (folderItems: FolderItemRow[]) =>
    folderItems
      .filter((item) => resources.has(item.resource_uuid))
      .map((item) => ({
        resource_uuid: item.resource_uuid,
        resource_type: item.resource_type,
        position: item.position,
        resource: resources.get(item.resource_uuid)!,
      }));
  const build = (folder: FolderRow): FolderReadObject => {
    const folderItems = presentItems(items.get(folder.id) ?? []);
    return {
      name: folder.name,
      public: folder.public,
      description: folder.description,
      thumbnail_image: folder.thumbnail_image,
      color: folder.color,
      id: folder.id,
      org_id: folder.org_id,
      folder_uuid: folder.folder_uuid,
      parent_folder_id: folder.parent_folder_id,
      order: folder.sort_order,
      creation_date: folder.creation_date,
      update_date: folder.update_date,
      total_items: folderItems.length,
      subfolders: (children.get(folder.id) ?? []).map(build),
      items: folderItems,
      breadcrumbs: breadcrumbs(folder),
    };
  };
  return roots.map(build);
}
