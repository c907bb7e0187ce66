/** Roles over HTTP: the global roles and an organization's custom roles. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { rejectApiTokens } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { toRoleRead } from './present.ts';
import { RoleCreate, RoleRead, RoleUpdate } from './schemas.ts';
import * as roles from './service.ts';

const tags = ['roles'];

export async function roleRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', async (request) => rejectApiTokens(request.principal));

  app.post(
    '/api/v1/roles/org/:org_id',
    {
      schema: {
        tags,
        summary: 'Create a custom role (never with more rights than your own)',
        params: Type.Object({ org_id: Type.Integer() }),
        body: RoleCreate,
        response: { 200: RoleRead },
      },
    },
    async (request) =>
      toRoleRead(await roles.createRole(ctx, request.principal, request.params.org_id, request.body)),
  );

  app.get(
    '/api/v1/roles/org/:org_id',
    {
      schema: {
        tags,
        summary: 'Global roles first (org_id 0), then the organization’s own',
        params: Type.Object({ org_id: Type.Integer() }),
        response: { 200: Type.Array(RoleRead) },
      },
    },
    async (request) => (await roles.listRoles(ctx, request.principal, request.params.org_id)).map(toRoleRead),
  );

  app.get(
    '/api/v1/roles/:role_uuid',
    {
      schema: {
        tags,
        summary: 'One role',
        params: Type.Object({ role_uuid: Type.String() }),
        response: { 200: RoleRead },
      },
    },
    async (request) => toRoleRead(await roles.getRole(ctx, request.principal, request.params.role_uuid)),
  );

  app.put(
    '/api/v1/roles/:role_uuid',
    {
      schema: {
        tags,
        summary: 'Update a custom role',
        params: Type.Object({ role_uuid: Type.String() }),
        body: RoleUpdate,
        response: { 200: RoleRead },
      },
    },
    async (request) =>
      toRoleRead(await roles.updateRole(ctx, request.principal, request.params.role_uuid, request.body)),
  );

  app.delete(
    '/api/v1/roles/:role_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a custom role that no member holds',
        params: Type.Object({ role_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await roles.deleteRole(ctx, request.principal, request.params.role_uuid);
      return { detail: 'Role deleted' };
    },
  );
}
