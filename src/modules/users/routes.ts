/** Users over HTTP: sign-up, profile, lookups. API tokens are refused except on /users/profile. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { rejectApiTokens, requireAuthenticated } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors/http-errors.ts';
import { clientInfo } from '../../core/http/client-info.ts';
import { changePassword, resetPassword } from '../auth/credentials.ts';
import { sendResetCode } from './password-reset.ts';
import { toUserRead, toUserReadPublic, type UserRow } from './present.ts';
import { UserCreate, UserRead, UserReadPublic, UserUpdate } from './schemas.ts';
import { findUserById, findUserByUsername, findUserByUuid, updateProfile } from './service.ts';
import { signUpToOrg, signUpWithInvite, signUpWithoutOrg } from './signup.ts';

const tags = ['users'];

const TokenProfile = Type.Object({
  id: Type.Integer(),
  user_uuid: Type.String({ description: 'The token uuid' }),
  username: Type.String({ description: '`api_token_<name>`' }),
  org_id: Type.Integer(),
  token_name: Type.String(),
  created_by_user_id: Type.Integer(),
  rights: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
});

export async function userRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;

  app.post(
    '/api/v1/users/:org_id',
    {
      schema: {
        tags,
        summary: 'Sign up to an organization (open sign-up)',
        security: [],
        params: Type.Object({ org_id: Type.Integer() }),
        body: UserCreate,
        response: { 200: UserRead },
      },
    },
    async (request) => {
      rejectApiTokens(request.principal);
      return toUserRead(await signUpToOrg(ctx, request.params.org_id, request.body));
    },
  );

  app.post(
    '/api/v1/users/:org_id/invite/:invite_code',
    {
      schema: {
        tags,
        summary: 'Sign up to an invite-only organization with an invite code',
        security: [],
        params: Type.Object({ org_id: Type.Integer(), invite_code: Type.String({ maxLength: 64 }) }),
        body: UserCreate,
        response: { 200: UserRead },
      },
    },
    async (request) => {
      rejectApiTokens(request.principal);
      const { org_id, invite_code } = request.params;
      return toUserRead(
        await signUpWithInvite(ctx, org_id, invite_code, request.body, clientInfo(request).ip),
      );
    },
  );

  app.post(
    '/api/v1/users/',
    {
      schema: {
        tags,
        summary: 'Create an account without joining an organization',
        security: [],
        body: UserCreate,
        response: { 200: UserRead },
      },
    },
    async (request) => {
      rejectApiTokens(request.principal);
      return toUserRead(await signUpWithoutOrg(ctx, request.body));
    },
  );

  app.get(
    '/api/v1/users/profile',
    {
      schema: {
        tags,
        summary: 'The authenticated caller: the user for a session, the token principal for an API token',
        response: { 200: Type.Union([UserRead, TokenProfile]) },
      },
    },
    async (request) => {
      const principal = request.principal;
      requireAuthenticated(principal);
      if (principal.kind === 'token') {
        return {
          id: principal.id,
          user_uuid: principal.uuid,
          username: `api_token_${principal.name}`,
          org_id: principal.orgId,
          token_name: principal.name,
          created_by_user_id: principal.createdByUserId,
          rights: principal.rights,
        };
      }
      const user = await findUserById(db, principal.id);
      if (!user) throw notFound('User not found');
      return toUserRead(user);
    },
  );

  const lookup = (_request: unknown, user: UserRow | undefined) => {
    if (!user) throw notFound('Resource not found');
    return toUserReadPublic(user);
  };

  app.get(
    '/api/v1/users/id/:user_id',
    {
      schema: {
        tags,
        summary: 'Another user, public fields only',
        params: Type.Object({ user_id: Type.Integer() }),
        response: { 200: UserReadPublic },
      },
    },
    async (request) => {
      requireSignedIn(request.principal);
      return lookup(request, await findUserById(db, request.params.user_id));
    },
  );

  app.get(
    '/api/v1/users/uuid/:user_uuid',
    {
      schema: {
        tags,
        summary: 'Another user by uuid, public fields only',
        params: Type.Object({ user_uuid: Type.String() }),
        response: { 200: UserReadPublic },
      },
    },
    async (request) => {
      requireSignedIn(request.principal);
      return lookup(request, await findUserByUuid(db, request.params.user_uuid));
    },
  );

  app.get(
    '/api/v1/users/username/:username',
    {
      schema: {
        tags,
        summary: 'Another user by username, public fields only',
        params: Type.Object({ username: Type.String() }),
        response: { 200: UserReadPublic },
      },
    },
    async (request) => {
      requireSignedIn(request.principal);
      return lookup(request, await findUserByUsername(db, request.params.username));
    },
  );

  app.put(
    '/api/v1/users/:user_id',
    {
      schema: {
        tags,
        summary: 'Update your profile (changing the e-mail marks it unverified)',
        params: Type.Object({ user_id: Type.Integer() }),
        body: UserUpdate,
        response: { 200: UserRead },
      },
    },
    async (request) => {
      rejectApiTokens(request.principal);
      return toUserRead(await updateProfile(ctx, request.principal, request.params.user_id, request.body));
    },
  );

  app.post(
    '/api/v1/users/reset_password/send_reset_code',
    {
      schema: {
        tags,
        summary: 'Mail a password reset code (the answer never reveals whether the account exists)',
        security: [],
        body: Type.Object({ email: Type.String({ format: 'email' }), org_id: Type.Optional(Type.Integer()) }),
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => sendResetCode(ctx, request.body.email),
  );

  app.post(
    '/api/v1/users/reset_password/change_password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code; every session of the account ends',
        security: [],
        body: Type.Object({
          email: Type.String({ format: 'email' }),
          reset_code: Type.String({ minLength: 1, maxLength: 32 }),
          new_password: Type.String({ maxLength: 256 }),
          org_id: Type.Optional(Type.Integer()),
        }),
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.email, request.body.reset_code, request.body.new_password);
      return { message: 'Password reset successfully' };
    },
  );

  app.put(
    '/api/v1/users/change_password/:user_id',
    {
      schema: {
        tags,
        summary: 'Change your password; every session of the account ends',
        params: Type.Object({ user_id: Type.Integer() }),
        body: Type.Object({
          old_password: Type.String({ maxLength: 1024 }),
          new_password: Type.String({ maxLength: 256 }),
        }),
        response: { 200: UserRead },
      },
    },
    async (request) => {
      rejectApiTokens(request.principal);
      const { old_password, new_password } = request.body;
      return toUserRead(
        await changePassword(ctx, request.principal, request.params.user_id, old_password, new_password),
      );
    },
  );
}

function requireSignedIn(principal: Parameters<typeof requireAuthenticated>[0]) {
  if (principal.kind === 'token')
    throw forbidden('API tokens cannot access this resource. Only user authentication is allowed.');
  requireAuthenticated(principal);
}
