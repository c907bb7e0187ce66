/** Operator commands for organizations, users and API tokens. */

import type { TokenRights } from '../../core/auth/rights.ts';
import type { AppContext } from '../../core/context.ts';
import { allTokenRights, createTokenAsOperator } from '../../modules/api-tokens/service.ts';
import { PLANS, type Plan } from '../../modules/orgs/org-config.ts';
import { toOrganizationRead } from '../../modules/orgs/present.ts';
import { getOrgBySlugOr404, insertOrganization, setPlan } from '../../modules/orgs/service.ts';
import { GLOBAL_ROLE_BY_NAME, type GlobalRoleName } from '../../modules/roles/global-roles.ts';
import { addMember, findFirstAdminId } from '../../modules/roles/service.ts';
import { toUserRead } from '../../modules/users/present.ts';
import { createUser } from '../../modules/users/service.ts';
import { UsageError } from '../usage-error.ts';
import type { Command, CommandFlags } from './index.ts';

function required(flags: CommandFlags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

function optionalString(flags: CommandFlags, name: string): string | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new UsageError(`--${name} needs a value`);
  return value;
}

function plan(value: string): Plan {
  if (!(PLANS as readonly string[]).includes(value))
    throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  return value as Plan;
}

export const orgCreate: Command = {
  summary: 'org create --name N --slug S [--plan P]',
  async run(ctx, flags) {
    const org = await insertOrganization(
      ctx.database.db,
      {
        name: required(flags, 'name'),
        slug: required(flags, 'slug'),
        email: optionalString(flags, 'email') ?? '',
      },
      { plan: plan(optionalString(flags, 'plan') ?? 'free') },
    );
    return toOrganizationRead(org);
  },
};

export const orgSetPlan: Command = {
  summary: 'org set-plan --slug S --plan P',
  async run(ctx, flags) {
    const org = await getOrgBySlugOr404(ctx.database.db, required(flags, 'slug'));
    return toOrganizationRead(await setPlan(ctx.database.db, org.id, plan(required(flags, 'plan'))));
  },
};

export const userCreate: Command = {
  summary:
    'user create --email E --password P --username U [--first-name F] [--last-name L] [--org SLUG --role admin|maintainer|instructor|user] [--verified] [--superadmin]',
  async run(ctx: AppContext, flags) {
    const orgSlug = optionalString(flags, 'org');
    const roleName = optionalString(flags, 'role') ?? 'user';
    if (!(roleName in GLOBAL_ROLE_BY_NAME))
      throw new UsageError('--role must be admin, maintainer, instructor or user');
    const db = ctx.database.db;
    const user = await db.transaction().execute(async (trx) => {
      const org = orgSlug ? await getOrgBySlugOr404(trx, orgSlug) : undefined;
      const created = await createUser(
        ctx,
        trx,
        {
          email: required(flags, 'email'),
          password: required(flags, 'password'),
          username: required(flags, 'username'),
          first_name: optionalString(flags, 'first-name') ?? '',
          last_name: optionalString(flags, 'last-name') ?? '',
        },
        {
          signupMethod: 'cli',
          emailVerified: flags.verified === true,
          isSuperadmin: flags.superadmin === true,
        },
      );
      if (org) await addMember(trx, created.id, org.id, GLOBAL_ROLE_BY_NAME[roleName as GlobalRoleName].id);
      return created;
    });
    return toUserRead(user);
  },
};

export const tokenCreate: Command = {
  summary: 'token create --org SLUG --name N (--rights JSON | --all)',
  async run(ctx, flags) {
    const db = ctx.database.db;
    const org = await getOrgBySlugOr404(db, required(flags, 'org'));
    let rights: TokenRights;
    if (flags.all === true) rights = allTokenRights();
    else {
      try {
        rights = JSON.parse(required(flags, 'rights'));
      } catch (error) {
        if (error instanceof UsageError) throw new UsageError('give --rights JSON or --all');
        throw new UsageError('--rights must be a JSON object');
      }
      if (typeof rights !== 'object' || rights === null || Array.isArray(rights))
        throw new UsageError('--rights must be a JSON object');
    }
    const adminId = await findFirstAdminId(db, org.id);
    if (adminId === undefined) throw new UsageError(`organization ${org.slug} has no admin to own the token`);
    const { token, value } = await createTokenAsOperator(
      db,
      org.id,
      adminId,
      required(flags, 'name'),
      rights,
    );
    return {
      token: value,
      token_uuid: token.token_uuid,
      name: token.name,
      org_id: token.org_id,
      org_slug: org.slug,
      rights: JSON.parse(token.rights ?? 'null'),
      created_by_user_id: token.created_by_user_id,
    };
  },
};
