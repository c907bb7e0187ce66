/**
 * Who may fetch an episode's audio (`GET /api/v1/content/orgs/<org>/podcasts/<podcast>/episodes/<file>`):
 * whoever may read the podcast, as for its episodes' records: anyone for a published public
 * podcast, members for a published private one, its editors for a draft.
 */
import { notFound } from '../../core/errors/http-errors.ts';
import type { ContentRule } from '../content-files/access-rules.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import * as queries from './queries.ts';
import { requirePodcastRead } from './service.ts';

const NO_FILE = 'File not found';

/** segments: orgs / <org_uuid> / podcasts / <podcast_uuid> / episodes / <stored name> */
export const episodeAudioRule: ContentRule = async (ctx, principal, segments) => {
  const db = ctx.database.db;
  const [, orgUuid, , podcastUuid, folder] = segments;
  if (folder !== 'episodes' || segments.length !== 6) throw notFound(NO_FILE);
  const podcast = await queries.findPodcastByUuid(db, podcastUuid);
  if (!podcast) throw notFound(NO_FILE);
  const org = await getOrgOr404(db, podcast.org_id);
  if (org.org_uuid !== orgUuid) throw notFound(NO_FILE);
  await requirePodcastRead(db, principal, podcast);
};
