import type { Generated } from 'kysely';

export interface FoldersTable {
  id: Generated<number>;
  folder_uuid: string;
  org_id: number;
  /** null = a root folder of the organization. */
  parent_folder_id: number | null;
  name: string;
  description: string | null;
  public: boolean;
  thumbnail_image: string | null;
  color: string | null;
  /** Place among its siblings (FolderRead `order`). */
  sort_order: number;
  creation_date: string;
  update_date: string;
}

export interface FolderItemsTable {
  folder_id: number;
  resource_uuid: string;
  resource_type: string;
  /** 0-based, contiguous within a folder. */
  position: number;
  creation_date: string;
}

export interface FolderTables {
  folders: FoldersTable;
  folder_items: FolderItemsTable;
}
