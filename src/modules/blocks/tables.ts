import type { Generated } from 'kysely';

export type BlockType = 'BLOCK_IMAGE' | 'BLOCK_VIDEO' | 'BLOCK_DOCUMENT_PDF' | 'BLOCK_AUDIO';

export interface BlocksTable {
  id: Generated<number>;
  block_uuid: string;
  block_type: BlockType;
  /** JSON text of the BlockFile (file_id, file_format, file_name, file_size, file_type, activity_uuid). */
  content: string;
  /** Where the file lives in storage; never shown to clients. */
  storage_key: string;
  org_id: number;
  course_id: number;
  chapter_id: number | null;
  activity_id: number;
  creation_date: string;
  update_date: string;
}

export interface BlockTables {
  blocks: BlocksTable;
}
