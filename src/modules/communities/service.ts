/**
 * Communities: an organization's discussion spaces, optionally tied to one of its courses,
 * each with the words its discussions may not contain. Rights come from the `communities`
 * bucket; public communities (and their discussions) can be read from outside the
 * organization. API tokens are refused: communities are for people.
 */
import type { Static } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { formatDateTime } from '../../core/time.ts';
import { linkedCourseId } from '../courses/service.ts';
import { removeResourceFromFolders } from '../folders/service.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { isOrgReader, requireOrgRight, requirePublicOrOrgRead } from '../roles/access.ts';
import { indexDocument, removeDocument, type SearchDocument, searchText } from '../search/index-writer.ts';
import { deleteResourceLinks } from '../usergroups/service.ts';
import { toCommunityRead } from './present.ts';
import type { CommunityRow } from './queries.ts';
import * as queries from './queries.ts';
import type { CommunityCreate, CommunityUpdate } from './schemas.ts';

export type { CommunityRow } from './queries.ts';
export { findCommunityById } from './queries.ts';

registerResourceType('community_', async (db, uuid) => {
  const community = await queries.findCommunityByUuid(db, uuid);
  if (!community) return undefined;
  return {
    orgId: community.org_id,
    type: 'community',
    publiclyVisible: community.public,
    present: async () => toCommunityRead(community),
  };
});

/** Hook for the discussions module: it removes its own rows' search documents first. */
type BeforeDelete = (db: Executor, community: CommunityRow) => Promise<void>;
const beforeDelete: BeforeDelete[] = [];
export function onCommunityDelete(hook: BeforeDelete): void {
  if (!beforeDelete.includes(hook)) beforeDelete.push(hook);
}

/** What search finds this community by. */
export function communityDocument(community: CommunityRow): SearchDocument {
  return {
    org_id: community.org_id,
    resource_type: 'community',
    resource_id: community.id,
    title: community.name,
    body: searchText(community.description),
  };
}

function indexCommunity(db: Executor, community: CommunityRow): Promise<void> {
  return indexDocument(db, communityDocument(community));
}

export async function getCommunityOr404(db: Executor, uuid: string): Promise<CommunityRow> {
  const community = await queries.findCommunityByUuid(db, uuid);
  if (!community) throw notFound('Community');
  return community;
}

/** Throws unless the caller may read the community; true when they are an org reader. */
export function requireCommunityRead(db: Executor, principal: Principal, community: CommunityRow) {
  return requirePublicOrOrgRead(db, principal, community.org_id, 'communities', community.public);
}

const words = (list: string[] | undefined) => [...new Set((list ?? []).map((w) => w.trim()).filter(Boolean))];
const jsonOrNull = (value: Record<string, unknown> | null | undefined) =>
  value === undefined || value === null ? null : JSON.stringify(value);

export async function createCommunity(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof CommunityCreate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    await requireOrgRight(trx, principal, orgId, 'communities', 'action_create');
    const now = formatDateTime();
    const community = await queries.insertCommunity(trx, {
      community_uuid: prefixedUuid('community'),
      org_id: orgId,
      course_id: await linkedCourseId(trx, orgId, input.course_id),
      name: input.name.trim(),
      description: input.description ?? null,
      public: input.public ?? true,
      thumbnail_image: input.thumbnail_image ?? null,
      moderation_words: JSON.stringify(words(input.moderation_words)),
      moderation_settings: jsonOrNull(input.moderation_settings),
      creation_date: now,
      update_date: now,
    });
    await indexCommunity(trx, community);
    return community;
  });
}

export async function getCommunity(ctx: AppContext, principal: Principal, uuid: string) {
  const community = await getCommunityOr404(ctx.database.db, uuid);
  await requireCommunityRead(ctx.database.db, principal, community);
  return community;
}

/** The organization's communities; outside it, the public ones. */
export async function listCommunities(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  page: number,
  limit: number,
) {
  const db = ctx.database.db;
  await getOrgOr404(db, orgId);
  const reader = await isOrgReader(db, principal, orgId, 'communities');
  return queries.listCommunities(db, orgId, { publicOnly: !reader, limit, offset: (page - 1) * limit });
}

export async function updateCommunity(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: Static<typeof CommunityUpdate>,
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const community = await getCommunityOr404(trx, uuid);
    await requireOrgRight(trx, principal, community.org_id, 'communities', 'action_update');
    const updated = await queries.updateCommunity(trx, community.id, {
      name: input.name?.trim() ?? community.name,
      description: input.description === undefined ? community.description : input.description,
      public: input.public ?? community.public,
      thumbnail_image:
        input.thumbnail_image === undefined ? community.thumbnail_image : input.thumbnail_image,
      course_id:
        input.course_id === undefined
          ? community.course_id
          : await linkedCourseId(trx, community.org_id, input.course_id),
      moderation_words:
        input.moderation_words === undefined
          ? community.moderation_words
          : JSON.stringify(words(input.moderation_words)),
      moderation_settings:
        input.moderation_settings === undefined
          ? community.moderation_settings
          : jsonOrNull(input.moderation_settings),
      update_date: formatDateTime(),
    });
    await indexCommunity(trx, updated);
    return updated;
  });
}

/** Deletes the community with its discussions, comments and votes. */
export async function deleteCommunity(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const community = await getCommunityOr404(trx, uuid);
    await requireOrgRight(trx, principal, community.org_id, 'communities', 'action_delete');
    for (const hook of beforeDelete) await hook(trx, community);
    await queries.deleteCommunity(trx, community.id);
    await removeDocument(trx, 'community', community.id);
    await removeResourceFromFolders(trx, community.community_uuid);
    await deleteResourceLinks(trx, [community.community_uuid]);
  });
}
