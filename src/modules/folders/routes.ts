/** Folders over HTTP (`/api/v1/folders`): sessions by role, API tokens by their `folders` rights. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import {
  FolderCreate,
  FolderItemAdd,
  FolderItemMove,
  FolderItemRemove,
  FolderRead,
  FolderUpdate,
} from './schemas.ts';
import * as folders from './service.ts';

const tags = ['folders'];
const FolderParams = Type.Object({ folder_uuid: Type.String() });
const OrgParams = Type.Object({ org_id: Type.Integer() });

export async function folderRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/folders/',
    {
      schema: {
        tags,
        summary: 'Create a folder (under `parent_folder_id`, or at the root)',
        body: FolderCreate,
        response: { 200: FolderRead },
      },
    },
    async (request) => folders.createFolder(ctx, request.principal, request.body),
  );

  app.get(
    '/api/v1/folders/org/:org_id/page/:page/limit/:limit',
    {
      schema: {
        tags,
        summary: 'Folders of an organization, by id (outside it: public folders only)',
        params: Type.Object({
          org_id: Type.Integer(),
          page: Type.Integer({ minimum: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        }),
        response: { 200: Type.Array(FolderRead) },
      },
    },
    async (request) =>
      folders.listFolders(
        ctx,
        request.principal,
        request.params.org_id,
        request.params.page,
        request.params.limit,
      ),
  );

  app.get(
    '/api/v1/folders/org/:org_id/root',
    {
      schema: {
        tags,
        summary: 'Root folders of an organization with everything below them',
        params: OrgParams,
        response: { 200: Type.Array(FolderRead) },
      },
    },
    async (request) => folders.listRootFolders(ctx, request.principal, request.params.org_id),
  );

  app.get(
    '/api/v1/folders/:folder_uuid',
    { schema: { tags, summary: 'One folder', params: FolderParams, response: { 200: FolderRead } } },
    async (request) => folders.getFolder(ctx, request.principal, request.params.folder_uuid),
  );

  app.put(
    '/api/v1/folders/:folder_uuid',
    {
      schema: {
        tags,
        summary: 'Update, move or reorder a folder',
        params: FolderParams,
        body: FolderUpdate,
        response: { 200: FolderRead },
      },
    },
    async (request) => folders.updateFolder(ctx, request.principal, request.params.folder_uuid, request.body),
  );

  app.delete(
    '/api/v1/folders/:folder_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a folder and its subfolders (linked resources are kept)',
        params: FolderParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await folders.deleteFolder(ctx, request.principal, request.params.folder_uuid);
      return { detail: 'Folder deleted' };
    },
  );

  app.post(
    '/api/v1/folders/:folder_uuid/content',
    {
      schema: {
        tags,
        summary: 'Put a resource of the same organization into the folder',
        params: FolderParams,
        body: FolderItemAdd,
        response: { 200: FolderRead },
      },
    },
    async (request) => folders.addItem(ctx, request.principal, request.params.folder_uuid, request.body),
  );

  app.delete(
    '/api/v1/folders/:folder_uuid/content',
    {
      schema: {
        tags,
        summary: 'Take a resource out of the folder',
        params: FolderParams,
        body: FolderItemRemove,
        response: { 200: FolderRead },
      },
    },
    async (request) => folders.removeItem(ctx, request.principal, request.params.folder_uuid, request.body),
  );

  app.post(
    '/api/v1/folders/:folder_uuid/content/move',
    {
      schema: {
        tags,
        summary: 'Reorder an item, or move it into another folder; returns the folder it ends up in',
        params: FolderParams,
        body: FolderItemMove,
        response: { 200: FolderRead },
      },
    },
    async (request) => folders.moveItem(ctx, request.principal, request.params.folder_uuid, request.body),
  );
}
