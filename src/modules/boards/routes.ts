/** Whiteboards over HTTP. Session users by board role or `boards` rights; API tokens are refused. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { BoardCreate, BoardMemberAdd, BoardMemberRead, BoardRead, BoardUpdate } from './schemas.ts';
import * as boards from './service.ts';

const tags = ['boards'];
const BoardParams = Type.Object({ board_uuid: Type.String() });

export async function boardRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/boards/',
    {
      schema: {
        tags,
        summary: 'Create a whiteboard; the caller becomes its owner',
        querystring: Type.Object({ org_id: Type.Integer() }),
        body: BoardCreate,
        response: { 200: BoardRead },
      },
    },
    async (request) => boards.createBoard(ctx, request.principal, request.query.org_id, request.body),
  );

  app.get(
    '/api/v1/boards/org/:org_id',
    {
      schema: {
        tags,
        summary: "The organization's boards (without `boards.action_read`: the caller's own)",
        params: Type.Object({ org_id: Type.Integer() }),
        response: { 200: Type.Array(BoardRead) },
      },
    },
    async (request) => boards.listBoards(ctx, request.principal, request.params.org_id),
  );

  app.get(
    '/api/v1/boards/:board_uuid',
    { schema: { tags, summary: 'One board', params: BoardParams, response: { 200: BoardRead } } },
    async (request) => boards.getBoard(ctx, request.principal, request.params.board_uuid),
  );

  app.put(
    '/api/v1/boards/:board_uuid',
    {
      schema: {
        tags,
        summary: 'Update a board (owners and editors)',
        params: BoardParams,
        body: BoardUpdate,
        response: { 200: BoardRead },
      },
    },
    async (request) => boards.updateBoard(ctx, request.principal, request.params.board_uuid, request.body),
  );

  app.delete(
    '/api/v1/boards/:board_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a board (owners)',
        params: BoardParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await boards.deleteBoard(ctx, request.principal, request.params.board_uuid);
      return { detail: 'Board deleted' };
    },
  );

  app.get(
    '/api/v1/boards/:board_uuid/members',
    {
      schema: {
        tags,
        summary: 'Members of a board',
        params: BoardParams,
        response: { 200: Type.Array(BoardMemberRead) },
      },
    },
    async (request) => boards.listMembers(ctx, request.principal, request.params.board_uuid),
  );

  app.post(
    '/api/v1/boards/:board_uuid/members',
    {
      schema: {
        tags,
        summary: 'Add a member of the organization to the board (owners)',
        params: BoardParams,
        body: BoardMemberAdd,
        response: { 200: BoardMemberRead },
      },
    },
    async (request) => boards.addMember(ctx, request.principal, request.params.board_uuid, request.body),
  );

  app.delete(
    '/api/v1/boards/:board_uuid/members/:user_id',
    {
      schema: {
        tags,
        summary: 'Remove a member from the board (owners; the last owner stays)',
        params: Type.Object({ board_uuid: Type.String(), user_id: Type.Integer() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await boards.removeMember(ctx, request.principal, request.params.board_uuid, request.params.user_id);
      return { detail: 'Member removed' };
    },
  );
}
