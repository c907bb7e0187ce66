/** Organization search over HTTP: sessions and the organization's API tokens. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAuthenticated } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { SearchParams, SearchQuery, SearchResult } from './schemas.ts';
import { search } from './service.ts';

export async function searchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/v1/search/org_slug/:org_slug',
    {
      schema: {
        tags: ['search'],
        summary:
          "Search an organization's courses, folders, members, communities, discussions, playgrounds and podcasts",
        description:
          'For members of the organization and its API tokens holding `search.action_read`. ' +
          'Anonymous: 401; not a member, or a token without the right or of another organization: 403; ' +
          'unknown organization: 404. Results are ranked (name matches first) and the totals count the whole query.',
        params: SearchParams,
        querystring: SearchQuery,
        response: { 200: SearchResult },
      },
      // Who is asking comes before what is asked: an anonymous caller gets 401 even for a bad query.
      preValidation: async (request) => requireAuthenticated(request.principal),
    },
    async (request) => search(ctx, request.principal, request.params.org_slug, request.query),
  );
}
