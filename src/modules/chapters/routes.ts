/** Chapters over HTTP, and the order call that replaces a course's whole tree. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse } from '../../core/http/schemas.ts';
import { registerResourceType } from '../../core/resources/registry.ts';
import { toActivityRead } from '../activities/present.ts';
import { chapterFields } from './present.ts';
import { ChapterCreate, ChapterOrder, ChapterRead, ChapterUpdate } from './schemas.ts';
import * as chapters from './service.ts';

const tags = ['chapters'];
const ChapterParams = Type.Object({ chapter_id: Type.Integer() });

export async function chapterRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerResourceType('chapter_', async (executor, uuid) => {
    const chapter = await chapters.findChapterByUuid(executor, uuid);
    return chapter && { orgId: chapter.org_id, type: 'chapter' };
  });

  const present = ({ chapter, ordered, view }: chapters.ChapterForCaller) => {
    const locked = view.locks.locked(chapter.lock_type, chapter.chapter_uuid);
    return chapterFields(
      chapter,
      locked,
      ordered.map((activity) =>
        toActivityRead(activity, {
          chapterId: chapter.id,
          locked: view.locks.locked(activity.lock_type, activity.activity_uuid, locked),
        }),
      ),
    );
  };

  app.post(
    '/api/v1/chapters/',
    {
      schema: {
        tags,
        summary: 'Create a chapter at the end of a course',
        body: ChapterCreate,
        response: { 200: ChapterRead },
      },
    },
    async (request) => present(await chapters.createChapter(ctx, request.principal, request.body)),
  );

  app.get(
    '/api/v1/chapters/:chapter_id',
    {
      schema: {
        tags,
        summary: 'A chapter with its activities in order (locks applied)',
        params: ChapterParams,
        response: { 200: ChapterRead },
      },
    },
    async (request) => present(await chapters.readChapter(ctx, request.principal, request.params.chapter_id)),
  );

  app.put(
    '/api/v1/chapters/:chapter_id',
    {
      schema: {
        tags,
        summary: 'Update a chapter',
        params: ChapterParams,
        body: ChapterUpdate,
        response: { 200: ChapterRead },
      },
    },
    async (request) =>
      present(await chapters.updateChapter(ctx, request.principal, request.params.chapter_id, request.body)),
  );

  app.delete(
    '/api/v1/chapters/:chapter_id',
    {
      schema: {
        tags,
        summary: 'Delete a chapter; its activities are kept, unlinked',
        params: ChapterParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await chapters.deleteChapter(ctx, request.principal, request.params.chapter_id);
      return { detail: 'chapter deleted' };
    },
  );

  app.put(
    '/api/v1/chapters/course/:course_uuid/order',
    {
      schema: {
        tags,
        summary: 'Replace the course tree: listed chapters/activities in the listed order, the rest unlinked',
        params: Type.Object({ course_uuid: Type.String() }),
        body: ChapterOrder,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await chapters.reorderCourse(ctx, request.principal, request.params.course_uuid, request.body);
      return { detail: 'Chapters and activities reordered successfully' };
    },
  );
}
