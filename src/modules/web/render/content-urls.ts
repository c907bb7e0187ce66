/**
 * Addresses of an activity's stored files under `/api/v1/content/…`, where the content
 * route applies the owning activity's access rules (drafts, locks, org membership). Keys
 * are built from the same folder helpers as the uploads and validated, so an author's
 * `blockObject` can only ever name a file inside some activity's block folder.
 */
import { isValidKey } from '../../../core/storage/object-keys.ts';
import { activityFolder } from '../../activities/service.ts';
import { BLOCK_KINDS } from '../../blocks/service.ts';
import { type ContentRefs, isObject, stringOf } from './render-context.ts';

const CONTENT_ROOT = '/api/v1/content/';

const FOLDER_OF_BLOCK_TYPE = new Map<string, string>(
  Object.values(BLOCK_KINDS).map((kind) => [kind.blockType, kind.folder]),
);

function urlOfKey(key: string): string | undefined {
  return isValidKey(key) ? CONTENT_ROOT + key : undefined;
}

function folderOf(refs: ContentRefs, activityUuid = refs.activityUuid): string | undefined {
  try {
    return activityFolder(refs.orgUuid, refs.courseUuid, activityUuid);
  } catch {
    return undefined;
  }
}

/** A file the server stored for the activity itself (hosted video, PDF): `<activity>/<folder>/<filename>`. */
export function activityFileUrl(refs: ContentRefs, folder: string, filename: unknown): string | undefined {
  const root = folderOf(refs);
  const name = stringOf(filename);
  return root && name ? urlOfKey(`${root}/${folder}/${name}`) : undefined;
}

export interface BlockFile {
  url: string;
  fileName: string;
  mimeType: string;
}

/** The file of a media block (`blockObject` of a page node, or an entry of the legacy `blocks` list). */
export function blockFile(refs: ContentRefs, block: unknown): BlockFile | undefined {
  if (!isObject(block) || !isObject(block.content)) return undefined;
  const folder = FOLDER_OF_BLOCK_TYPE.get(stringOf(block.block_type));
  const blockUuid = stringOf(block.block_uuid);
  const { file_id: fileId, file_format: format } = block.content;
  if (!folder || !blockUuid || typeof fileId !== 'string' || typeof format !== 'string') return undefined;
  // A block may have been uploaded for another activity of the course; its own folder holds it.
  const owner = stringOf(block.content.activity_uuid) || refs.activityUuid;
  const root = folderOf(refs, owner);
  const url = root && urlOfKey(`${root}/dynamic/blocks/${folder}/${blockUuid}/${fileId}.${format}`);
  if (!url) return undefined;
  return {
    url,
    fileName: stringOf(block.content.file_name) || `${fileId}.${format}`,
    mimeType: stringOf(block.content.file_type),
  };
}
