/**
 * Activities whose content the server builds: external videos (YouTube, Vimeo) and,
 * with an upload, hosted videos and PDFs. All start unpublished whatever the payload says.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { invalid } from '../../core/errors/http-errors.ts';
import { normalizeVideoDetails } from './content/content-rules.ts';
import { insertActivityInChapter } from './service.ts';

const VIDEO_HOSTS = {
  youtube: ['youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com', 'player.vimeo.com'],
};

/** `details` arrives as a JSON-encoded string on these endpoints. */
export function parseVideoDetails(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid(['body', 'details'], 'details must be a JSON-encoded object', raw, 'json_invalid');
  }
  return normalizeVideoDetails(parsed, ['body', 'details']);
}

export function parseChapterId(raw: string | number): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw invalid(['body', 'chapter_id'], 'chapter_id must be a number', raw, 'int_parsing');
  return id;
}

export async function createExternalVideo(
  ctx: AppContext,
  principal: Principal,
  input: {
    name: string;
    uri: string;
    type: 'youtube' | 'vimeo';
    chapter_id: string | number;
    details?: string;
    extra_metadata?: Record<string, unknown> | null;
  },
) {
  let host = '';
  try {
    const url = new URL(input.uri);
    if (url.protocol === 'https:' || url.protocol === 'http:') host = url.hostname.replace(/^www\./, '');
  } catch {
    // refused below
  }
  if (!VIDEO_HOSTS[input.type].includes(host)) {
    throw invalid(
      ['body', 'uri'],
      `uri must be a ${input.type === 'youtube' ? 'YouTube' : 'Vimeo'} URL`,
      input.uri,
      'url_parsing',
    );
  }
  const details = parseVideoDetails(input.details);
  const chapterId = parseChapterId(input.chapter_id);
  return ctx.database.db.transaction().execute((trx) =>
    insertActivityInChapter(
      trx,
      principal,
      chapterId,
      {
        name: input.name,
        activityType: 'TYPE_VIDEO',
        // The product files every external player under the YouTube sub-type (spec §2.3).
        activitySubType: 'SUBTYPE_VIDEO_YOUTUBE',
        content: {},
        details,
        published: false,
        lockType: 'public',
        extraMetadata: input.extra_metadata ?? null,
      },
      async (activityUuid) => ({ uri: input.uri, type: input.type, activity_uuid: activityUuid }),
    ),
  );
}
