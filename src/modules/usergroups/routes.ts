/** User groups over HTTP: sessions by role, API tokens by their `usergroups` rights. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/http-errors.ts';
import { MessageResponse, Nullable } from '../../core/http/schemas.ts';
import { toUserReadPublic } from '../users/present.ts';
import { UserReadPublic } from '../users/schemas.ts';
import { findUsersByIds } from '../users/service.ts';
import type { UsergroupRow } from './queries.ts';
import * as groups from './service.ts';

const tags = ['usergroups'];

const UsergroupRead = Type.Object({
  id: Type.Integer(),
  usergroup_uuid: Type.String(),
  org_id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const toUsergroupRead = (group: UsergroupRow): Static<typeof UsergroupRead> => ({
  id: group.id,
  usergroup_uuid: group.usergroup_uuid,
  org_id: group.org_id,
  name: group.name,
  description: group.description,
  creation_date: group.creation_date,
  update_date: group.update_date,
});

const GroupParams = Type.Object({ usergroup_id: Type.Integer() });

function integerList(raw: string, name: string): number[] {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !/^\d+$/.test(part)))
    throw badRequest(`${name} must be a comma-separated list of integers`);
  return parts.map(Number);
}

const stringList = (raw: string) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export async function usergroupRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/usergroups/',
    {
      schema: {
        tags,
        summary: 'Create a user group',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 200 }),
          description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
          org_id: Type.Integer(),
        }),
        response: { 200: UsergroupRead },
      },
    },
    async (request) => toUsergroupRead(await groups.createUsergroup(ctx, request.principal, request.body)),
  );

  app.get(
    '/api/v1/usergroups/org/:org_id',
    {
      schema: {
        tags,
        summary: 'User groups of an organization',
        params: Type.Object({ org_id: Type.Integer() }),
        response: { 200: Type.Array(UsergroupRead) },
      },
    },
    async (request) =>
      (await groups.listUsergroups(ctx, request.principal, request.params.org_id)).map(toUsergroupRead),
  );

  app.get(
    '/api/v1/usergroups/resource/:resource_uuid',
    {
      schema: {
        tags,
        summary: 'Groups linked to a resource',
        params: Type.Object({ resource_uuid: Type.String() }),
        response: { 200: Type.Array(UsergroupRead) },
      },
    },
    async (request) => {
      const linked = await groups.listGroupsOfResource(ctx.database.db, request.params.resource_uuid);
      const visible: UsergroupRow[] = [];
      for (const group of linked) {
        try {
          visible.push(await groups.getUsergroup(ctx, request.principal, group.id));
        } catch {
          // Groups of organizations the caller cannot read are left out.
        }
      }
      return visible.map(toUsergroupRead);
    },
  );

  app.get(
    '/api/v1/usergroups/:usergroup_id',
    { schema: { tags, summary: 'One user group', params: GroupParams, response: { 200: UsergroupRead } } },
    async (request) =>
      toUsergroupRead(await groups.getUsergroup(ctx, request.principal, request.params.usergroup_id)),
  );

  app.put(
    '/api/v1/usergroups/:usergroup_id',
    {
      schema: {
        tags,
        summary: 'Rename or describe a user group',
        params: GroupParams,
        body: Type.Object({
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
        }),
        response: { 200: UsergroupRead },
      },
    },
    async (request) =>
      toUsergroupRead(
        await groups.updateUsergroup(ctx, request.principal, request.params.usergroup_id, request.body),
      ),
  );

  app.delete(
    '/api/v1/usergroups/:usergroup_id',
    {
      schema: {
        tags,
        summary: 'Delete a user group',
        params: GroupParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await groups.deleteUsergroup(ctx, request.principal, request.params.usergroup_id);
      return { detail: 'Usergroup deleted' };
    },
  );

  app.get(
    '/api/v1/usergroups/:usergroup_id/users',
    {
      schema: {
        tags,
        summary: 'Members',
        params: GroupParams,
        response: { 200: Type.Array(UserReadPublic) },
      },
    },
    async (request) => {
      const ids = await groups.listMembers(ctx, request.principal, request.params.usergroup_id);
      return (await findUsersByIds(ctx.database.db, ids)).map(toUserReadPublic);
    },
  );

  app.post(
    '/api/v1/usergroups/:usergroup_id/add_users',
    {
      schema: {
        tags,
        summary: 'Add members (comma-separated `user_ids`; each must belong to the organization)',
        params: GroupParams,
        querystring: Type.Object({ user_ids: Type.String({ minLength: 1 }) }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const ids = integerList(request.query.user_ids, 'user_ids');
      await groups.addUsers(ctx, request.principal, request.params.usergroup_id, ids);
      return { detail: 'Users added to usergroup successfully' };
    },
  );

  app.delete(
    '/api/v1/usergroups/:usergroup_id/remove_users',
    {
      schema: {
        tags,
        summary: 'Remove members',
        params: GroupParams,
        querystring: Type.Object({ user_ids: Type.String({ minLength: 1 }) }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const ids = integerList(request.query.user_ids, 'user_ids');
      await groups.removeUsers(ctx, request.principal, request.params.usergroup_id, ids);
      return { detail: 'Users removed from usergroup successfully' };
    },
  );

  app.get(
    '/api/v1/usergroups/:usergroup_id/resources',
    {
      schema: {
        tags,
        summary: 'Resource uuids the group unlocks',
        params: GroupParams,
        response: { 200: Type.Array(Type.String()) },
      },
    },
    async (request) => groups.listResources(ctx, request.principal, request.params.usergroup_id),
  );

  app.post(
    '/api/v1/usergroups/:usergroup_id/add_resources',
    {
      schema: {
        tags,
        summary: 'Link resources (comma-separated `resource_uuids` of the same organization)',
        params: GroupParams,
        querystring: Type.Object({ resource_uuids: Type.String({ minLength: 1 }) }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await groups.addResources(
        ctx,
        request.principal,
        request.params.usergroup_id,
        stringList(request.query.resource_uuids),
      );
      return { detail: 'Resources added to usergroup successfully' };
    },
  );

  app.delete(
    '/api/v1/usergroups/:usergroup_id/remove_resources',
    {
      schema: {
        tags,
        summary: 'Unlink resources',
        params: GroupParams,
        querystring: Type.Object({ resource_uuids: Type.String({ minLength: 1 }) }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await groups.removeResources(
        ctx,
        request.principal,
        request.params.usergroup_id,
        stringList(request.query.resource_uuids),
      );
      return { detail: 'Resources removed from usergroup successfully' };
    },
  );
}
