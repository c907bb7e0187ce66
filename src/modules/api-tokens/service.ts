/**
 * Organization API tokens (spec §5): Pro plan, created by users who hold the roles
 * rights, shown once, scoped to one organization and to the rights they were given
 * (never more than their creator holds).
 */
import type { Static } from '@sinclair/typebox';
import { type Principal, requireSessionUser, type TokenPrincipal } from '../../core/auth/principal.ts';
import { CRUD_ACTIONS, TOKEN_BUCKETS, type TokenRights } from '../../core/auth/rights.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { requirePlan } from '../orgs/org-config.ts';
import { getOrgOr404, orgConfig } from '../orgs/service.ts';
import { requireOrgRight } from '../roles/access.ts';
import { assertCanGrant } from '../roles/service.ts';
import * as queries from './queries.ts';
import type { ApiTokenCreate, ApiTokenUpdate } from './schemas.ts';
import { displayPrefix, generateTokenValue, hashTokenValue } from './token-secret.ts';

const CREATIONS_PER_HOUR = 10;
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** Every right on every bucket (the CLI's `--all`). */
export function allTokenRights(): TokenRights {
  return Object.fromEntries(
    TOKEN_BUCKETS.map((bucket) => [bucket, Object.fromEntries(CRUD_ACTIONS.map((action) => [action, true]))]),
  );
}

function validateTokenRights(rights: Record<string, unknown>): TokenRights {
  for (const [bucket, flags] of Object.entries(rights)) {
    if (!(TOKEN_BUCKETS as readonly string[]).includes(bucket)) {
      throw badRequest(`Unknown right: ${bucket}. Allowed: ${TOKEN_BUCKETS.join(', ')}`);
    }
    if (typeof flags !== 'object' || flags === null || Array.isArray(flags)) {
      throw badRequest(`Right '${bucket}' must be a JSON object`);
    }
    for (const [flag, value] of Object.entries(flags)) {
      if (!(CRUD_ACTIONS as string[]).includes(flag))
        throw badRequest(`Unknown action '${flag}' for right '${bucket}'`);
      if (typeof value !== 'boolean') throw badRequest(`Right '${bucket}.${flag}' must be true or false`);
    }
  }
  return rights as TokenRights;
}

function parseExpiry(expiresAt: string | null | undefined): number | null {
  if (!expiresAt) return null;
  const ms = Date.parse(expiresAt);
  if (Number.isNaN(ms)) throw badRequest('expires_at must be an ISO 8601 date-time');
  return ms;
}

async function creationAllowed(ctx: AppContext, clientIp: string, verb: 'creation' | 'regeneration') {
  const limit = await ctx.rateLimiter.hit(`api_token:${clientIp}`, CREATIONS_PER_HOUR, 3600);
  if (!limit.allowed) {
    throw tooManyRequests(
      `Too many token ${verb} requests. Try again in ${limit.retryAfterSeconds} seconds.`,
      limit.retryAfterSeconds,
    );
  }
}

/** Token management: session users of a Pro organization only. */
async function manageable(db: Executor, principal: Principal, orgId: number) {
  requireSessionUser(principal);
  const org = await getOrgOr404(db, orgId);
  requirePlan(orgConfig(org), 'pro', 'API Access');
  return principal;
}

export async function createToken(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  input: Static<typeof ApiTokenCreate>,
  clientIp: string,
) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await creationAllowed(ctx, clientIp, 'creation');
  await requireOrgRight(db, user, orgId, 'roles', 'action_create');
  const name = input.name.trim();
  if (!name) throw badRequest('Token name is required and cannot be empty');
  if (name.length > 100) throw badRequest('Token name cannot exceed 100 characters');
  const rights = input.rights ? validateTokenRights(input.rights) : null;
  if (rights) await assertCanGrant(db, user, orgId, rights);
  const expiresMs = parseExpiry(input.expires_at);
  const value = generateTokenValue();
  const token = await db.transaction().execute(async (trx) => {
    if (await queries.findActiveTokenByName(trx, orgId, name)) {
      throw conflict(`An active API token with the name '${name}' already exists in this organization`);
    }
    const now = formatDateTime();
    return queries.insertToken(trx, {
      token_uuid: prefixedUuid('apitoken'),
      name,
      description: input.description ?? null,
      rights: rights ? JSON.stringify(rights) : null,
      token_prefix: displayPrefix(value),
      token_hash: hashTokenValue(value),
      org_id: orgId,
      created_by_user_id: user.id,
      creation_date: now,
      update_date: now,
      last_used_at: null,
      expires_at: expiresMs === null ? null : new Date(expiresMs).toISOString(),
      expires_ms: expiresMs,
      is_active: true,
    });
  });
  return { token, value };
}

export async function listTokens(ctx: AppContext, principal: Principal, orgId: number) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await requireOrgRight(db, user, orgId, 'roles', 'action_read');
  return queries.listTokens(db, orgId);
}

async function tokenOr404(db: Executor, orgId: number, tokenUuid: string) {
  const token = await queries.findTokenByUuid(db, orgId, tokenUuid);
  if (!token) throw notFound('API token not found');
  return token;
}

export async function getToken(ctx: AppContext, principal: Principal, orgId: number, tokenUuid: string) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await requireOrgRight(db, user, orgId, 'roles', 'action_read');
  return tokenOr404(db, orgId, tokenUuid);
}

export async function updateToken(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  tokenUuid: string,
  input: Static<typeof ApiTokenUpdate>,
) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await requireOrgRight(db, user, orgId, 'roles', 'action_update');
  const token = await tokenOr404(db, orgId, tokenUuid);
  const patch: Parameters<typeof queries.updateToken>[2] = { update_date: formatDateTime() };
  if (input.name !== undefined && input.name !== null) {
    const name = input.name.trim();
    if (!name) throw badRequest('Token name is required and cannot be empty');
    if (name.length > 100) throw badRequest('Token name cannot exceed 100 characters');
    const clash = await queries.findActiveTokenByName(db, orgId, name);
    if (clash && clash.id !== token.id) {
      throw conflict(`An active API token with the name '${name}' already exists in this organization`);
    }
    patch.name = name;
  }
  if (input.description !== undefined) patch.description = input.description;
  if (input.rights !== undefined) {
    const rights = input.rights ? validateTokenRights(input.rights) : null;
    if (rights) await assertCanGrant(db, user, orgId, rights);
    patch.rights = rights ? JSON.stringify(rights) : null;
  }
  if (input.expires_at !== undefined) {
    const expiresMs = parseExpiry(input.expires_at);
    patch.expires_ms = expiresMs;
    patch.expires_at = expiresMs === null ? null : new Date(expiresMs).toISOString();
  }
  return queries.updateToken(db, token.id, patch);
}

export async function revokeToken(ctx: AppContext, principal: Principal, orgId: number, tokenUuid: string) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await requireOrgRight(db, user, orgId, 'roles', 'action_delete');
  const token = await tokenOr404(db, orgId, tokenUuid);
  await queries.updateToken(db, token.id, { is_active: false, update_date: formatDateTime() });
}

export async function regenerateToken(
  ctx: AppContext,
  principal: Principal,
  orgId: number,
  tokenUuid: string,
  clientIp: string,
) {
  const db = ctx.database.db;
  const user = await manageable(db, principal, orgId);
  await creationAllowed(ctx, clientIp, 'regeneration');
  await requireOrgRight(db, user, orgId, 'roles', 'action_update');
  const token = await tokenOr404(db, orgId, tokenUuid);
  if (!token.is_active) throw badRequest('Cannot regenerate a revoked token');
  const value = generateTokenValue();
  const updated = await queries.updateToken(db, token.id, {
    token_prefix: displayPrefix(value),
    token_hash: hashTokenValue(value),
    update_date: formatDateTime(),
  });
  return { token: updated, value };
}

/** Creates a token without the HTTP checks (operator CLI). */
export async function createTokenAsOperator(
  db: Executor,
  orgId: number,
  createdByUserId: number,
  name: string,
  rights: TokenRights,
) {
  const value = generateTokenValue();
  const now = formatDateTime();
  const token = await queries.insertToken(db, {
    token_uuid: prefixedUuid('apitoken'),
    name,
    description: null,
    rights: JSON.stringify(validateTokenRights(rights)),
    token_prefix: displayPrefix(value),
    token_hash: hashTokenValue(value),
    org_id: orgId,
    created_by_user_id: createdByUserId,
    creation_date: now,
    update_date: now,
    last_used_at: null,
    expires_at: null,
    expires_ms: null,
    is_active: true,
  });
  return { token, value };
}

const lastUsedWrites = new Map<number, number>();

/**
 * Resolves a presented token value to its principal, or undefined when it is unknown,
 * revoked or expired. `last_used_at` is written at most once a minute per token.
 */
export async function authenticateApiToken(db: Executor, value: string): Promise<TokenPrincipal | undefined> {
  const token = await queries.findTokenByHash(db, hashTokenValue(value));
  const now = Date.now();
  if (!token || !token.is_active || (token.expires_ms !== null && token.expires_ms <= now)) return undefined;
  if ((lastUsedWrites.get(token.id) ?? 0) < now - LAST_USED_WRITE_INTERVAL_MS) {
    lastUsedWrites.set(token.id, now);
    await queries.touchToken(db, token.id, formatDateTime(new Date(now)));
  }
  return {
    kind: 'token',
    id: token.id,
    uuid: token.token_uuid,
    name: token.name,
    orgId: token.org_id,
    rights: token.rights ? JSON.parse(token.rights) : null,
    createdByUserId: token.created_by_user_id,
  };
}
