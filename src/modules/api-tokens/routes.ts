/** API token management: session users with the roles rights of a Pro organization. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Principal, requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { clientInfo } from '../../core/http/client-info.ts';
import { toApiTokenCreated, toApiTokenRead } from './present.ts';
import { ApiTokenCreate, ApiTokenCreatedResponse, ApiTokenRead, ApiTokenUpdate } from './schemas.ts';
import * as tokens from './service.ts';

const tags = ['api tokens'];
const OrgParams = Type.Object({ org_id: Type.Integer() });
const TokenParams = Type.Object({ org_id: Type.Integer(), token_uuid: Type.String() });
const Revoked = Type.Object({ message: Type.String() });

export async function apiTokenRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', async (request) => requireSessionUser(request.principal));

  app.post(
    '/api/v1/orgs/:org_id/api-tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token; its value is shown only in this response',
        params: OrgParams,
        body: ApiTokenCreate,
        response: { 200: ApiTokenCreatedResponse },
      },
    },
    async (request) => {
      const { token, value } = await tokens.createToken(
        ctx,
        request.principal,
        request.params.org_id,
        request.body,
        clientInfo(request).ip,
      );
      return toApiTokenCreated(token, value);
    },
  );

  app.get(
    '/api/v1/orgs/:org_id/api-tokens',
    {
      schema: {
        tags,
        summary: 'All tokens of the organization, newest first, revoked ones included',
        params: OrgParams,
        response: { 200: Type.Array(ApiTokenRead) },
      },
    },
    async (request) =>
      (await tokens.listTokens(ctx, request.principal, request.params.org_id)).map(toApiTokenRead),
  );

  app.get(
    '/api/v1/orgs/:org_id/api-tokens/:token_uuid',
    {
      schema: {
        tags,
        summary: 'One token (never its value)',
        params: TokenParams,
        response: { 200: ApiTokenRead },
      },
    },
    async (request) =>
      toApiTokenRead(
        await tokens.getToken(ctx, request.principal, request.params.org_id, request.params.token_uuid),
      ),
  );

  app.put(
    '/api/v1/orgs/:org_id/api-tokens/:token_uuid',
    {
      schema: {
        tags,
        summary: 'Update name, description, rights or expiry',
        params: TokenParams,
        body: ApiTokenUpdate,
        response: { 200: ApiTokenRead },
      },
    },
    async (request) =>
      toApiTokenRead(
        await tokens.updateToken(
          ctx,
          request.principal,
          request.params.org_id,
          request.params.token_uuid,
          request.body,
        ),
      ),
  );

  const revoke = async (request: {
    principal: Principal;
    params: { org_id: number; token_uuid: string };
  }) => {
    await tokens.revokeToken(ctx, request.principal, request.params.org_id, request.params.token_uuid);
    return { message: 'API token revoked successfully' };
  };

  app.delete(
    '/api/v1/orgs/:org_id/api-tokens/:token_uuid',
    {
      schema: {
        tags,
        summary: 'Revoke a token (it stops working at once)',
        params: TokenParams,
        response: { 200: Revoked },
      },
    },
    revoke,
  );

  app.post(
    '/api/v1/orgs/:org_id/api-tokens/:token_uuid/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a token (same as DELETE)',
        params: TokenParams,
        response: { 200: Revoked },
      },
    },
    revoke,
  );

  app.post(
    '/api/v1/orgs/:org_id/api-tokens/:token_uuid/regenerate',
    {
      schema: {
        tags,
        summary: 'Replace the token value; the old value stops working at once',
        params: TokenParams,
        response: { 200: ApiTokenCreatedResponse },
      },
    },
    async (request) => {
      const { token, value } = await tokens.regenerateToken(
        ctx,
        request.principal,
        request.params.org_id,
        request.params.token_uuid,
        clientInfo(request).ip,
      );
      return toApiTokenCreated(token, value);
    },
  );
}
