/**
 * Sign-in through an OpenID Connect provider (spec §4.8 `POST /auth/oauth`). The client
 * obtained an access token from the provider; we ask the provider's userinfo endpoint who
 * it belongs to, require a verified e-mail equal to the one claimed, and sign that user in
 * (creating the account on first use; joining an organization only on a pending invite).
 */
import type { AppContext } from '../../core/context.ts';
import { badRequest, unauthorized } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { findPendingInvitesForEmail, markEmailInviteAccepted } from '../orgs/invites.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import { ROLE_USER } from '../roles/global-roles.ts';
import { addMember, findMembership } from '../roles/service.ts';
import { createUser, findUserByEmail, findUserByUsername, markEmailVerified } from '../users/service.ts';
import { type ClientInfo, startSession } from './sessions.ts';

const FETCH_TIMEOUT_MS = 10_000;

interface UserInfo {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
  picture?: string;
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, {
    ...init,
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const discoveryCache = new Map<string, Promise<string>>();

function userinfoEndpoint(issuer: string): Promise<string> {
  let endpoint = discoveryCache.get(issuer);
  if (!endpoint) {
    endpoint = fetchJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`).then(
      (document) => {
        const url = (document as { userinfo_endpoint?: unknown }).userinfo_endpoint;
        if (typeof url !== 'string') throw new Error('provider publishes no userinfo_endpoint');
        return url;
      },
    );
    endpoint.catch(() => discoveryCache.delete(issuer));
    discoveryCache.set(issuer, endpoint);
  }
  return endpoint;
}

async function uniqueUsername(db: Executor, base: string): Promise<string> {
  const clean = base.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40) || 'user';
  for (let suffix = 0; suffix < 1000; suffix++) {
    const candidate = suffix === 0 ? clean : `${clean}${suffix}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  return `${clean}${Date.now()}`;
}

export async function oauthLogin(
  ctx: AppContext,
  input: { email: string; provider: string; access_token: string },
  orgId: number | undefined,
  client: ClientInfo,
) {
  const issuer = ctx.config.oauthProviders[input.provider];
  if (!issuer) {
    const configured = Object.keys(ctx.config.oauthProviders);
    throw badRequest(
      configured.length === 0
        ? 'OAuth sign-in is not configured on this server'
        : `Unknown OAuth provider '${input.provider}'. Configured: ${configured.join(', ')}`,
    );
  }
  if (orgId !== undefined)
    await getOrgOr404(ctx.database.db, orgId).catch(() => Promise.reject(badRequest('Invalid org_id')));

  let info: UserInfo;
  try {
    info = (await fetchJson(await userinfoEndpoint(issuer), {
      headers: { authorization: `Bearer ${input.access_token}`, accept: 'application/json' },
    })) as UserInfo;
  } catch (error) {
    ctx.logger.info({ err: error, provider: input.provider }, 'OAuth userinfo request failed');
    throw unauthorized('Invalid OAuth access token');
  }
  const verified = info.email_verified === true || info.email_verified === 'true';
  if (!info.email || info.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw unauthorized('The OAuth account does not match this e-mail address');
  }
  if (!verified) throw unauthorized('The OAuth provider has not verified this e-mail address');

  return ctx.database.db.transaction().execute(async (trx) => {
    let user = await findUserByEmail(trx, info.email!);
    if (!user) {
      user = await createUser(
        ctx,
        trx,
        {
          username: await uniqueUsername(trx, info.preferred_username ?? info.email!.split('@')[0]),
          email: info.email!,
          password: '',
          first_name: info.given_name ?? '',
          last_name: info.family_name ?? '',
          avatar_image: info.picture ?? '',
        },
        { signupMethod: input.provider, emailVerified: true, enforcePasswordPolicy: false },
      );
    } else if (!user.email_verified) {
      user = await markEmailVerified(trx, user.id);
    }
    // Membership only through an invitation; the org_id parameter alone grants nothing.
    const invites = await findPendingInvitesForEmail(trx, user.email, Date.now());
    for (const invite of invites.filter((i) => orgId === undefined || i.org_id === orgId)) {
      if (await findMembership(trx, user.id, invite.org_id)) continue;
      await addMember(trx, user.id, invite.org_id, ROLE_USER.id);
      await markEmailInviteAccepted(trx, invite.org_id, user.email);
      await emit(trx, invite.org_id, 'user_signed_up', {
        user: {
          user_uuid: user.user_uuid,
          email: user.email,
          username: user.username,
          first_name: user.first_name,
          last_name: user.last_name,
        },
        signup_method: input.provider,
      });
    }
    const tokens = await startSession(ctx, trx, user, client);
    return { user, tokens };
  });
}
