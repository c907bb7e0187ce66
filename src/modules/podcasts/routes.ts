/** Podcasts and episodes over HTTP. Session users by role or authorship; API tokens are refused. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { registerContentRule } from '../content-files/access-rules.ts';
import { episodeAudioRule } from './audio-access.ts';
import { readEpisodeForm } from './episode-form.ts';
import * as episodes from './episodes.ts';
import { presentPodcasts } from './present.ts';
import { EpisodeRead, EpisodeUpdate, PodcastCreate, PodcastRead, PodcastUpdate } from './schemas.ts';
import * as podcasts from './service.ts';

const tags = ['podcasts'];
const PodcastParams = Type.Object({ podcast_uuid: Type.String() });
const EpisodeParams = Type.Object({ episode_uuid: Type.String() });

export async function podcastRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerContentRule('podcasts', episodeAudioRule);

  app.post(
    '/api/v1/podcasts/',
    {
      schema: {
        tags,
        summary: 'Create a podcast; the caller becomes its creator',
        querystring: Type.Object({ org_id: Type.Integer() }),
        body: PodcastCreate,
        response: { 200: PodcastRead },
      },
    },
    async (request) => podcasts.createPodcast(ctx, request.principal, request.query.org_id, request.body),
  );

  app.get(
    '/api/v1/podcasts/org/:org_id/page/:page/limit/:limit',
    {
      schema: {
        tags,
        summary: "The organization's podcasts the caller may see, newest first",
        params: Type.Object({
          org_id: Type.Integer(),
          page: Type.Integer({ minimum: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        }),
        response: { 200: Type.Array(PodcastRead) },
      },
    },
    async (request) =>
      presentPodcasts(
        ctx.database.db,
        await podcasts.listPodcasts(
          ctx,
          request.principal,
          request.params.org_id,
          request.params.page,
          request.params.limit,
        ),
      ),
  );

  app.get(
    '/api/v1/podcasts/:podcast_uuid',
    { schema: { tags, summary: 'One podcast', params: PodcastParams, response: { 200: PodcastRead } } },
    async (request) => podcasts.getPodcast(ctx, request.principal, request.params.podcast_uuid),
  );

  app.put(
    '/api/v1/podcasts/:podcast_uuid',
    {
      schema: {
        tags,
        summary: 'Update a podcast',
        params: PodcastParams,
        body: PodcastUpdate,
        response: { 200: PodcastRead },
      },
    },
    async (request) =>
      podcasts.updatePodcast(ctx, request.principal, request.params.podcast_uuid, request.body),
  );

  app.delete(
    '/api/v1/podcasts/:podcast_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a podcast with its episodes and their audio',
        params: PodcastParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await podcasts.deletePodcast(ctx, request.principal, request.params.podcast_uuid);
      return { detail: 'Podcast deleted' };
    },
  );

  app.post(
    '/api/v1/podcasts/:podcast_uuid/episodes',
    {
      schema: {
        tags,
        summary: 'Add an episode',
        description:
          'multipart/form-data: `title` (required), `description`, `episode_number` (the next number when omitted) ' +
          'and the file `audio_file` (.mp3, .wav, .ogg or .m4a, declared with a matching audio content type).',
        consumes: ['multipart/form-data'],
        params: PodcastParams,
        response: { 200: EpisodeRead },
      },
    },
    async (request) => {
      const uuid = request.params.podcast_uuid;
      const podcast = await episodes.podcastOpenForEpisodes(ctx, request.principal, uuid);
      const { input, audio } = await readEpisodeForm(request, {
        save: (file) => episodes.saveEpisodeAudio(ctx, podcast, file),
        discard: (stored) => episodes.discardEpisodeAudio(ctx, stored),
      });
      try {
        return await episodes.createEpisode(ctx, request.principal, uuid, input, audio);
      } catch (error) {
        if (audio) await episodes.discardEpisodeAudio(ctx, audio);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/podcasts/:podcast_uuid/episodes',
    {
      schema: {
        tags,
        summary: 'Episodes of a podcast, in order',
        params: PodcastParams,
        response: { 200: Type.Array(EpisodeRead) },
      },
    },
    async (request) => episodes.listEpisodes(ctx, request.principal, request.params.podcast_uuid),
  );

  app.get(
    '/api/v1/episodes/:episode_uuid',
    { schema: { tags, summary: 'One episode', params: EpisodeParams, response: { 200: EpisodeRead } } },
    async (request) => episodes.getEpisode(ctx, request.principal, request.params.episode_uuid),
  );

  app.put(
    '/api/v1/episodes/:episode_uuid',
    {
      schema: {
        tags,
        summary: 'Update an episode (title, description, number)',
        params: EpisodeParams,
        body: EpisodeUpdate,
        response: { 200: EpisodeRead },
      },
    },
    async (request) =>
      episodes.updateEpisode(ctx, request.principal, request.params.episode_uuid, request.body),
  );

  app.delete(
    '/api/v1/episodes/:episode_uuid',
    {
      schema: {
        tags,
        summary: 'Delete an episode and its audio',
        params: EpisodeParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await episodes.deleteEpisode(ctx, request.principal, request.params.episode_uuid);
      return { detail: 'Episode deleted' };
    },
  );
}
