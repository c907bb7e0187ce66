/**
 * Activities as the API shows them. The stored content is JSON text; the meta reader
 * splices it in unparsed (RawJson) while single-activity reads parse it.
 */
import type { Static } from '@sinclair/typebox';
import { RawJson } from '../../core/http/raw-json.ts';
import type { ActivityRow, ActivityVersionRow } from './queries.ts';
import type { ActivityRead, ActivityVersionRead } from './schemas.ts';

export interface ActivityView {
  chapterId: number | null;
  locked: boolean;
  /** Leave content and details out (the meta reader's `slim`). */
  slim?: boolean;
}

type SlimRow = Omit<ActivityRow, 'content' | 'details'> & { content?: string; details?: string | null };

const EMPTY = '{}';

/** Field order and names of ActivityRead, with content/details/extra_metadata as raw JSON text. */
export function activityFieldsRaw(row: SlimRow, view: ActivityView) {
  const hidden = view.locked || view.slim || row.content === undefined;
  return {
    id: row.id,
    activity_uuid: row.activity_uuid,
    org_id: row.org_id,
    course_id: row.course_id,
    chapter_id: view.chapterId,
    name: row.name,
    activity_type: row.activity_type,
    activity_sub_type: row.activity_sub_type,
    content: new RawJson(hidden ? EMPTY : (row.content as string)),
    details: hidden || !row.details ? null : new RawJson(row.details),
    published: row.published,
    lock_type: row.lock_type,
    is_locked: view.locked,
    extra_metadata: row.extra_metadata ? new RawJson(row.extra_metadata) : null,
    version: row.current_version,
    current_version: row.current_version,
    published_version: row.published_version,
    last_modified_by_id: row.last_modified_by_id,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

export function toActivityRead(row: ActivityRow, view: ActivityView): Static<typeof ActivityRead> {
  const locked = view.locked;
  return {
    id: row.id,
    activity_uuid: row.activity_uuid,
    org_id: row.org_id,
    course_id: row.course_id,
    chapter_id: view.chapterId,
    name: row.name,
    activity_type: row.activity_type as Static<typeof ActivityRead>['activity_type'],
    activity_sub_type: row.activity_sub_type as Static<typeof ActivityRead>['activity_sub_type'],
    content: locked ? {} : JSON.parse(row.content),
    details: locked || !row.details ? null : JSON.parse(row.details),
    published: row.published,
    lock_type: row.lock_type,
    is_locked: locked,
    extra_metadata: row.extra_metadata ? JSON.parse(row.extra_metadata) : null,
    version: row.current_version,
    current_version: row.current_version,
    published_version: row.published_version,
    last_modified_by_id: row.last_modified_by_id,
    creation_date: row.creation_date,
    update_date: row.update_date,
  };
}

export function toActivityVersionRead(version: ActivityVersionRow): Static<typeof ActivityVersionRead> {
  return {
    id: version.id,
    activity_id: version.activity_id,
    version_number: version.version_number,
    content: JSON.parse(version.content),
    created_by_id: version.created_by_id,
    created_at: version.created_at,
  };
}
