/** Course collections over HTTP (the product's `/collections` API). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { MessageResponse, Nullable } from '../../core/http/schemas.ts';
import { courseReaderFor } from '../courses/access.ts';
import { type CourseReader, presentCourses } from '../courses/present.ts';
import { CourseRead } from '../courses/schemas.ts';
import type { CourseRow } from '../courses/service.ts';
import type { CollectionRow } from './queries.ts';
import * as collections from './service.ts';

const tags = ['collections'];

const CollectionRead = Type.Object({
  id: Type.Integer(),
  collection_uuid: Type.String(),
  org_id: Type.Integer(),
  name: Type.String(),
  public: Type.Boolean(),
  description: Nullable(Type.String()),
  courses: Type.Array(CourseRead),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const CollectionFields = {
  name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
  public: Type.Boolean(),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  courses: Type.Array(Type.Integer(), { maxItems: 1000, description: 'Course ids, in order' }),
};

export async function collectionRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;

  const present = async (
    { collection, courses }: { collection: CollectionRow; courses: CourseRow[] },
    reader: CourseReader,
  ) => ({
    id: collection.id,
    collection_uuid: collection.collection_uuid,
    org_id: collection.org_id,
    name: collection.name,
    public: collection.public,
    description: collection.description,
    courses: await presentCourses(db, courses, reader),
    creation_date: collection.creation_date,
    update_date: collection.update_date,
  });

  app.post(
    '/api/v1/collections/',
    {
      schema: {
        tags,
        summary: 'Create a collection of courses of one organization (fires collection_created)',
        body: Type.Object({ ...CollectionFields, org_id: Type.Integer() }),
        response: { 200: CollectionRead },
      },
    },
    async (request) => {
      const collection = await collections.createCollection(ctx, request.principal, request.body);
      return present(
        (await collections.withVisibleCourses(ctx, request.principal, [collection]))[0],
        await courseReaderFor(db, request.principal),
      );
    },
  );

  app.get(
    '/api/v1/collections/:collection_uuid',
    {
      schema: {
        tags,
        summary: 'One collection',
        params: Type.Object({ collection_uuid: Type.String() }),
        response: { 200: CollectionRead },
      },
    },
    async (request) =>
      present(
        await collections.readCollection(ctx, request.principal, request.params.collection_uuid),
        await courseReaderFor(db, request.principal),
      ),
  );

  app.get(
    '/api/v1/collections/org/:org_id/page/:page/limit/:limit',
    {
      schema: {
        tags,
        summary: "An organization's collections (public ones for non-members)",
        params: Type.Object({
          org_id: Type.Integer(),
          page: Type.Integer({ minimum: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        }),
        response: { 200: Type.Array(CollectionRead) },
      },
    },
    async (request) => {
      const { org_id, page, limit } = request.params;
      const reader = await courseReaderFor(db, request.principal);
      return Promise.all(
        (await collections.listOrgCollections(ctx, request.principal, org_id, page, limit)).map((found) =>
          present(found, reader),
        ),
      );
    },
  );

  app.put(
    '/api/v1/collections/:collection_uuid',
    {
      schema: {
        tags,
        summary: 'Update a collection; a given course list replaces the old one',
        params: Type.Object({ collection_uuid: Type.String() }),
        body: Type.Partial(Type.Object(CollectionFields)),
        response: { 200: CollectionRead },
      },
    },
    async (request) => {
      const collection = await collections.updateCollection(
        ctx,
        request.principal,
        request.params.collection_uuid,
        request.body,
      );
      return present(
        (await collections.withVisibleCourses(ctx, request.principal, [collection]))[0],
        await courseReaderFor(db, request.principal),
      );
    },
  );

  app.delete(
    '/api/v1/collections/:collection_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a collection (its courses stay)',
        params: Type.Object({ collection_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await collections.deleteCollection(ctx, request.principal, request.params.collection_uuid);
      return { detail: 'Collection deleted' };
    },
  );
}
