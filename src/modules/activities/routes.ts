/** Activities over HTTP: generic create, read, partial update, delete, versions. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { findActivityLink } from '../chapters/service.ts';
import {
  createExternalVideo,
  createUploadedActivity,
  HOSTED_VIDEO,
  PDF_DOCUMENT,
} from './media-activities.ts';
import { toActivityRead, toActivityVersionRead } from './present.ts';
import {
  ActivityCreate,
  ActivityRead,
  ActivityUpdate,
  ActivityVersionRead,
  ExternalVideoCreate,
} from './schemas.ts';
import * as activities from './service.ts';

const tags = ['activities'];
const ActivityParams = Type.Object({ activity_uuid: Type.String() });

export async function activityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;
  registerResourceType('activity_', async (executor, uuid) => {
    const activity = await activities.findActivityByUuid(executor, uuid);
    return activity && { orgId: activity.org_id, type: 'activity' };
  });

  app.post(
    '/api/v1/activities/',
    {
      schema: {
        tags,
        summary: 'Create an activity at the end of a chapter (not hosted video: see /activities/video)',
        body: ActivityCreate,
        response: { 200: ActivityRead },
      },
    },
    async (request) => {
      const { activity, chapterId } = await activities.createActivity(ctx, request.principal, request.body);
      return toActivityRead(activity, { chapterId, locked: false });
    },
  );

  app.post(
    '/api/v1/activities/external_video',
    {
      schema: {
        tags,
        summary: 'Create a YouTube or Vimeo video activity (always unpublished at first)',
        body: ExternalVideoCreate,
        response: { 200: ActivityRead },
      },
    },
    async (request) => {
      const { activity, chapterId } = await createExternalVideo(ctx, request.principal, request.body);
      return toActivityRead(activity, { chapterId, locked: false });
    },
  );

  for (const [path, kind, summary] of [
    [
      '/api/v1/activities/video',
      HOSTED_VIDEO,
      'Upload a hosted video (mp4 or webm) as a new, unpublished activity',
    ],
    ['/api/v1/activities/documentpdf', PDF_DOCUMENT, 'Upload a PDF as a new, unpublished activity'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          description: `Multipart form: \`name\`, \`chapter_id\`, ${kind.kind === 'video' ? '`details` (JSON-encoded: startTime, endTime, autoplay, muted), ' : ''}\`${kind.fileField}\`. The declared content type must be ${kind.declared.join(' or ')} and the bytes must match it.`,
          consumes: ['multipart/form-data'],
          response: { 200: ActivityRead },
        },
      },
      async (request) => {
        const { activity, chapterId } = await createUploadedActivity(ctx, request, kind);
        return toActivityRead(activity, { chapterId, locked: false });
      },
    );
  }

  app.get(
    '/api/v1/activities/:activity_uuid',
    {
      schema: {
        tags,
        summary: 'One activity (locks applied; drafts only for editors)',
        params: ActivityParams,
        response: { 200: ActivityRead },
      },
    },
    async (request) => {
      const { activity, chapterId, locked } = await activities.readActivity(
        ctx,
        request.principal,
        request.params.activity_uuid,
      );
      return toActivityRead(activity, { chapterId, locked });
    },
  );

  app.put(
    '/api/v1/activities/:activity_uuid',
    {
      schema: {
        tags,
        summary: 'Partial update; a content change keeps the previous content as a version',
        params: ActivityParams,
        body: ActivityUpdate,
        response: { 200: ActivityRead },
      },
    },
    async (request) => {
      const activity = await activities.updateActivity(
        ctx,
        request.principal,
        request.params.activity_uuid,
        request.body,
      );
      const link = await findActivityLink(db, activity.id);
      return toActivityRead(activity, { chapterId: link?.chapter_id ?? null, locked: false });
    },
  );

  app.delete(
    '/api/v1/activities/:activity_uuid',
    {
      schema: {
        tags,
        summary: 'Delete an activity with its blocks, versions and files',
        params: ActivityParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await activities.deleteActivity(ctx, request.principal, request.params.activity_uuid);
      return { detail: 'Activity deleted' };
    },
  );

  app.get(
    '/api/v1/activities/:activity_uuid/versions',
    {
      schema: {
        tags,
        summary: 'Version snapshots, newest first (editors only)',
        params: ActivityParams,
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: { 200: Type.Array(ActivityVersionRead) },
      },
    },
    async (request) =>
      (
        await activities.listVersions(
          ctx,
          request.principal,
          request.params.activity_uuid,
          request.query.offset,
          request.query.limit,
        )
      ).map(toActivityVersionRead),
  );

  app.get(
    '/api/v1/activities/:activity_uuid/versions/:version_number',
    {
      schema: {
        tags,
        summary: 'One version snapshot',
        params: Type.Object({ activity_uuid: Type.String(), version_number: Type.Integer() }),
        response: { 200: ActivityVersionRead },
      },
    },
    async (request) =>
      toActivityVersionRead(
        await activities.getVersion(
          ctx,
          request.principal,
          request.params.activity_uuid,
          request.params.version_number,
        ),
      ),
  );

  app.post(
    '/api/v1/activities/:activity_uuid/versions/:version_number/restore',
    {
      schema: {
        tags,
        summary: 'Restore a version (the current content is kept as a new snapshot first)',
        params: Type.Object({ activity_uuid: Type.String(), version_number: Type.Integer() }),
        response: { 200: ActivityRead },
      },
    },
    async (request) => {
      const activity = await activities.restoreVersion(
        ctx,
        request.principal,
        request.params.activity_uuid,
        request.params.version_number,
      );
      const link = await findActivityLink(db, activity.id);
      return toActivityRead(activity, { chapterId: link?.chapter_id ?? null, locked: false });
    },
  );
}
