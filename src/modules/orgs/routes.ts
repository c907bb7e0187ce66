/** Organizations over HTTP. Session users only (API tokens get 403), as in the existing product. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { rejectApiTokens } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse, StringEnum } from '../../core/http/schemas.ts';
import { toRoleRead } from '../roles/present.ts';
import { RoleRead } from '../roles/schemas.ts';
import { toUserRead } from '../users/present.ts';
import { UserRead } from '../users/schemas.ts';
import * as invites from './invites.ts';
import { joinOrg } from './join.ts';
import { toEmailInviteRead, toInviteCodeRead, toOrganizationRead } from './present.ts';
import {
  EmailInviteRead,
  InviteBatchResult,
  InviteCodeRead,
  OrganizationCreate,
  OrganizationRead,
  OrganizationUpdate,
} from './schemas.ts';
import * as orgs from './service.ts';

const tags = ['organizations'];
const OrgParams = Type.Object({ org_id: Type.Integer() });

export async function orgRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;
  // Every route of this plugin refuses API tokens (after the caller is resolved, before validation).
  app.addHook('onRequest', async (request) => rejectApiTokens(request.principal));

  app.post(
    '/api/v1/orgs/',
    {
      schema: {
        tags,
        summary: 'Create an organization; the caller becomes its admin',
        body: OrganizationCreate,
        response: { 200: OrganizationRead },
      },
    },
    async (request) => toOrganizationRead(await orgs.createOrg(ctx, request.principal, request.body)),
  );

  app.get(
    '/api/v1/orgs/slug/:org_slug',
    {
      schema: {
        tags,
        summary: 'An organization by slug (public)',
        security: [],
        params: Type.Object({ org_slug: Type.String() }),
        response: { 200: OrganizationRead },
      },
    },
    async (request) => toOrganizationRead(await orgs.getOrgBySlugOr404(db, request.params.org_slug)),
  );

  app.get(
    '/api/v1/orgs/uuid/:org_uuid',
    {
      schema: {
        tags,
        summary: 'An organization by uuid (public)',
        security: [],
        params: Type.Object({ org_uuid: Type.String() }),
        response: { 200: OrganizationRead },
      },
    },
    async (request) => toOrganizationRead(await orgs.getOrgByUuidOr404(db, request.params.org_uuid)),
  );

  app.get(
    '/api/v1/orgs/:org_id',
    {
      schema: {
        tags,
        summary: 'An organization by id (public)',
        security: [],
        params: OrgParams,
        response: { 200: OrganizationRead },
      },
    },
    async (request) => toOrganizationRead(await orgs.getOrgOr404(db, request.params.org_id)),
  );

  app.put(
    '/api/v1/orgs/:org_id',
    {
      schema: {
        tags,
        summary: 'Update an organization (admin or maintainer)',
        params: OrgParams,
        body: OrganizationUpdate,
        response: { 200: OrganizationRead },
      },
    },
    async (request) =>
      toOrganizationRead(await orgs.updateOrg(ctx, request.principal, request.params.org_id, request.body)),
  );

  app.delete(
    '/api/v1/orgs/:org_id',
    {
      schema: {
        tags,
        summary: 'Delete an organization and everything in it (admin)',
        params: OrgParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await orgs.deleteOrg(ctx, request.principal, request.params.org_id);
      return { detail: 'Organization deleted' };
    },
  );

  app.get(
    '/api/v1/orgs/:org_id/users',
    {
      schema: {
        tags,
        summary: 'Members with their role',
        params: OrgParams,
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
        }),
        response: { 200: Type.Array(Type.Object({ user: UserRead, role: RoleRead })) },
      },
    },
    async (request) => {
      const members = await orgs.listMembers(
        ctx,
        request.principal,
        request.params.org_id,
        request.query.page,
        request.query.limit,
      );
      return members.map((member) => ({ user: toUserRead(member.user), role: toRoleRead(member.role) }));
    },
  );

  app.put(
    '/api/v1/orgs/:org_id/users/:user_id/role/:role_uuid',
    {
      schema: {
        tags,
        summary: "Change a member's role (admin or maintainer; an organization keeps at least one admin)",
        params: Type.Object({ org_id: Type.Integer(), user_id: Type.Integer(), role_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { org_id, user_id, role_uuid } = request.params;
      await orgs.changeMemberRole(ctx, request.principal, org_id, user_id, role_uuid);
      return { detail: 'User role updated' };
    },
  );

  app.delete(
    '/api/v1/orgs/:org_id/users/:user_id',
    {
      schema: {
        tags,
        summary: 'Remove a member (admin or maintainer; never the last admin)',
        params: Type.Object({ org_id: Type.Integer(), user_id: Type.Integer() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await orgs.removeMember(ctx, request.principal, request.params.org_id, request.params.user_id);
      return { detail: 'User removed from org' };
    },
  );

  app.post(
    '/api/v1/orgs/:org_id/invites',
    {
      schema: {
        tags,
        summary: 'Create an invite code (at most 6 live codes; valid one year)',
        params: OrgParams,
        querystring: Type.Object({ usergroup_id: Type.Optional(Type.Integer()) }),
        response: { 200: InviteCodeRead },
      },
    },
    async (request) =>
      toInviteCodeRead(
        await invites.createInviteCode(
          ctx,
          request.principal,
          request.params.org_id,
          request.query.usergroup_id,
        ),
      ),
  );

  app.get(
    '/api/v1/orgs/:org_id/invites',
    {
      schema: {
        tags,
        summary: 'Live invite codes',
        params: OrgParams,
        response: { 200: Type.Array(InviteCodeRead) },
      },
    },
    async (request) =>
      (await invites.listInviteCodes(ctx, request.principal, request.params.org_id)).map(toInviteCodeRead),
  );

  app.get(
    '/api/v1/orgs/:org_id/invites/code/:invite_code',
    {
      schema: {
        tags,
        summary: 'Check an invite code (public; used by the sign-up page)',
        security: [],
        params: Type.Object({ org_id: Type.Integer(), invite_code: Type.String() }),
        response: { 200: InviteCodeRead },
      },
    },
    async (request) =>
      toInviteCodeRead(await invites.getInviteCode(ctx, request.params.org_id, request.params.invite_code)),
  );

  app.delete(
    '/api/v1/orgs/:org_id/invites/:invite_code_uuid',
    {
      schema: {
        tags,
        summary: 'Delete an invite code',
        params: Type.Object({ org_id: Type.Integer(), invite_code_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await invites.deleteInviteCode(
        ctx,
        request.principal,
        request.params.org_id,
        request.params.invite_code_uuid,
      );
      return { detail: 'Invite code deleted' };
    },
  );

  app.post(
    '/api/v1/orgs/:org_id/invites/users/batch',
    {
      schema: {
        tags,
        summary: 'Invite users by e-mail (comma-separated `emails`); one event per batch',
        params: OrgParams,
        querystring: Type.Object({
          emails: Type.String({ minLength: 3, maxLength: 20000 }),
          invite_code_uuid: Type.Optional(Type.String()),
        }),
        response: { 200: InviteBatchResult },
      },
    },
    async (request) =>
      invites.inviteUsersByEmail(
        ctx,
        request.principal,
        request.params.org_id,
        request.query.emails,
        request.query.invite_code_uuid,
      ),
  );

  app.get(
    '/api/v1/orgs/:org_id/invites/users',
    {
      schema: {
        tags,
        summary: 'E-mail invites',
        params: OrgParams,
        response: { 200: Type.Array(EmailInviteRead) },
      },
    },
    async (request) =>
      (await invites.listEmailInvites(ctx, request.principal, request.params.org_id)).map(toEmailInviteRead),
  );

  app.delete(
    '/api/v1/orgs/:org_id/invites/users/:email',
    {
      schema: {
        tags,
        summary: 'Withdraw an e-mail invite',
        params: Type.Object({ org_id: Type.Integer(), email: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await invites.deleteEmailInvite(ctx, request.principal, request.params.org_id, request.params.email);
      return { detail: 'User removed' };
    },
  );

  app.post(
    '/api/v1/orgs/join',
    {
      schema: {
        tags,
        summary: 'Join an organization yourself (open sign-up, or with an invite code)',
        body: Type.Object({
          org_id: Type.Integer(),
          user_id: Type.Union([Type.Integer(), Type.String()]),
          invite_code: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      await joinOrg(ctx, request.principal, request.body);
      // A bare string reply would go out unserialized; the product answers a JSON string.
      return reply.type('application/json').send(JSON.stringify("Great, You're part of the Organization"));
    },
  );

  app.put(
    '/api/v1/orgs/:org_id/signup_mechanism',
    {
      schema: {
        tags,
        summary: 'Open sign-up or invite-only (admin or maintainer)',
        params: OrgParams,
        querystring: Type.Object({ signup_mechanism: StringEnum(['open', 'inviteOnly']) }),
        response: { 200: OrganizationRead },
      },
    },
    async (request) =>
      toOrganizationRead(
        await orgs.setSignupMechanism(
          ctx,
          request.principal,
          request.params.org_id,
          request.query.signup_mechanism,
        ),
      ),
  );

  app.put(
    '/api/v1/orgs/:org_id/config/ai',
    {
      schema: {
        tags,
        summary: 'Enable or disable AI features (admin)',
        params: OrgParams,
        querystring: Type.Object({
          ai_enabled: Type.Optional(Type.Boolean()),
          copilot_enabled: Type.Optional(Type.Boolean()),
        }),
        response: { 200: OrganizationRead },
      },
    },
    async (request) =>
      toOrganizationRead(
        await orgs.setAiConfig(
          ctx,
          request.principal,
          request.params.org_id,
          request.query.ai_enabled,
          request.query.copilot_enabled,
        ),
      ),
  );

  app.put(
    '/api/v1/orgs/:org_id/config/payments',
    {
      schema: {
        tags,
        summary: 'Enable or disable payments (admin)',
        params: OrgParams,
        querystring: Type.Object({ payments_enabled: Type.Boolean() }),
        response: { 200: OrganizationRead },
      },
    },
    async (request) =>
      toOrganizationRead(
        await orgs.setPaymentsConfig(
          ctx,
          request.principal,
          request.params.org_id,
          request.query.payments_enabled,
        ),
      ),
  );
}
