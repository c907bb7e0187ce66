/** Courses over HTTP: create (multipart), read, listing, meta tree, update, delete, contributors, updates. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { sendJsonBytes } from '../../core/http/json-bytes.ts';
import { readMultipartForm } from '../../core/http/multipart-form.ts';
import { MessageResponse, Nullable, StringEnum } from '../../core/http/schemas.ts';
import { readCourseMeta } from '../chapters/course-tree.ts';
import { chapterFields } from '../chapters/schemas.ts';
import { courseReaderFor } from './access.ts';
import * as contributors from './contributors.ts';
import { presentContributors, presentCourse, presentCourses, toCourseUpdateRead } from './present.ts';
import {
  AUTHORSHIP_STATUSES,
  AUTHORSHIPS,
  BulkContributorsResult,
  ContributorRead,
  CourseCreateForm,
  CourseRead,
  CourseUpdate,
  CourseUpdateCreate,
  CourseUpdateRead,
  courseFields,
} from './schemas.ts';
import * as courses from './service.ts';
import { courseThumbnailFrom } from './thumbnail.ts';
import * as updates from './updates.ts';

const tags = ['courses'];
const CourseParams = Type.Object({ course_uuid: Type.String() });

const FullCourseRead = Type.Object({
  ...courseFields,
  org_uuid: Type.String(),
  chapters: Type.Array(Type.Object(chapterFields)),
});

export async function courseRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;
  app.post(
    '/api/v1/courses/',
    {
      schema: {
        tags,
        summary:
          'Create a course (multipart form: name, description, about, public, thumbnail_type, thumbnail, learnings, tags)',
        description:
          '`learnings` and `tags` are JSON-encoded arrays of strings. The optional `thumbnail` file must match `thumbnail_type` (image by default). The course starts unpublished with the caller as CREATOR.',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ org_id: Type.Integer() }),
        response: { 200: CourseRead },
      },
    },
    async (request) => {
      const orgId = request.query.org_id;
      const form = await readMultipartForm(request, CourseCreateForm, {
        thumbnail: (part) => courseThumbnailFrom(ctx, part),
      });
      const course = await courses.createCourse(
        ctx,
        request.principal,
        orgId,
        form.fields,
        form.files.thumbnail,
      );
      return presentCourse(db, course, await courseReaderFor(db, request.principal));
    },
  );

  app.get(
    '/api/v1/courses/:course_uuid',
    { schema: { tags, summary: 'One course', params: CourseParams, response: { 200: CourseRead } } },
    async (request) => {
      const { course } = await courses.readCourse(ctx, request.principal, request.params.course_uuid);
      return presentCourse(db, course, await courseReaderFor(db, request.principal));
    },
  );

  app.get(
    '/api/v1/courses/:course_uuid/meta',
    {
      schema: {
        tags,
        summary: 'The course with its chapters and activities in order',
        description:
          'Unpublished activities are left out unless `with_unpublished_activities=true` and the caller may edit the course. `slim=true` leaves out each activity\u2019s content and details. Locked chapters and activities show `is_locked: true` and no content. The response carries an `ETag`; a request with `If-None-Match` naming it is answered 304 without a body.',
        params: CourseParams,
        querystring: Type.Object({
          with_unpublished_activities: Type.Boolean({ default: false }),
          slim: Type.Boolean({ default: false }),
        }),
        response: { 200: FullCourseRead },
      },
    },
    async (request, reply) => {
      const tree = await readCourseMeta(ctx, request.principal, request.params.course_uuid, {
        withUnpublishedActivities: request.query.with_unpublished_activities,
        slim: request.query.slim,
      });
      return sendJsonBytes(request, reply, tree);
    },
  );

  app.get(
    '/api/v1/courses/org_slug/:org_slug/page/:page/limit/:limit',
    {
      schema: {
        tags,
        summary: "An organization's courses visible to the caller, newest first (limit ≤ 100)",
        params: Type.Object({
          org_slug: Type.String(),
          page: Type.Integer({ minimum: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100 }),
        }),
        querystring: Type.Object({ include_unpublished: Type.Boolean({ default: false }) }),
        response: { 200: Type.Array(CourseRead) },
      },
    },
    async (request) => {
      const { org_slug, page, limit } = request.params;
      const rows = await courses.listOrgCourses(
        ctx,
        request.principal,
        org_slug,
        page,
        limit,
        request.query.include_unpublished,
      );
      return presentCourses(db, rows, await courseReaderFor(db, request.principal));
    },
  );

  app.put(
    '/api/v1/courses/:course_uuid',
    {
      schema: {
        tags,
        summary: 'Partial update (publishing fires course_published)',
        params: CourseParams,
        body: CourseUpdate,
        response: { 200: CourseRead },
      },
    },
    async (request) =>
      presentCourse(
        db,
        await courses.updateCourse(ctx, request.principal, request.params.course_uuid, request.body),
        await courseReaderFor(db, request.principal),
      ),
  );

  app.delete(
    '/api/v1/courses/:course_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a course with its chapters, activities, blocks, files, assignments and submissions',
        params: CourseParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await courses.deleteCourse(ctx, request.principal, request.params.course_uuid);
      return { detail: 'Course deleted' };
    },
  );

  app.get(
    '/api/v1/courses/:course_uuid/contributors',
    {
      schema: {
        tags,
        summary: 'Every authorship of the course',
        params: CourseParams,
        response: { 200: Type.Array(ContributorRead) },
      },
    },
    async (request) => {
      const { course, authors } = await contributors.listContributors(
        ctx,
        request.principal,
        request.params.course_uuid,
      );
      return presentContributors(db, course, authors, await courseReaderFor(db, request.principal));
    },
  );

  app.post(
    '/api/v1/courses/:course_uuid/bulk-add-contributors',
    {
      schema: {
        tags,
        summary: 'Add contributors by username (they start PENDING)',
        params: CourseParams,
        body: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
        response: { 200: BulkContributorsResult },
      },
    },
    async (request) =>
      contributors.addContributors(ctx, request.principal, request.params.course_uuid, request.body),
  );

  app.put(
    '/api/v1/courses/:course_uuid/bulk-remove-contributors',
    {
      schema: {
        tags,
        summary: 'Remove contributors by username (never the creator)',
        params: CourseParams,
        body: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
        response: { 200: BulkContributorsResult },
      },
    },
    async (request) =>
      contributors.removeContributors(ctx, request.principal, request.params.course_uuid, request.body),
  );

  app.put(
    '/api/v1/courses/:course_uuid/contributors/:contributor_user_id',
    {
      schema: {
        tags,
        summary: "Change a contributor's authorship or status",
        params: Type.Object({ course_uuid: Type.String(), contributor_user_id: Type.Integer() }),
        querystring: Type.Object({
          authorship: Type.Optional(StringEnum(AUTHORSHIPS)),
          authorship_status: Type.Optional(StringEnum(AUTHORSHIP_STATUSES)),
        }),
        response: { 200: Type.Object({ detail: Type.String(), status: Type.String() }) },
      },
    },
    async (request) => {
      await contributors.updateContributor(
        ctx,
        request.principal,
        request.params.course_uuid,
        request.params.contributor_user_id,
        request.query,
      );
      return { detail: 'Contributor updated successfully', status: 'success' };
    },
  );

  app.post(
    '/api/v1/courses/:course_uuid/apply-contributor',
    {
      schema: {
        tags,
        summary: 'Apply to contribute to a course that is open to contributors',
        params: CourseParams,
        response: { 200: Type.Object({ detail: Type.String(), status: Type.String() }) },
      },
    },
    async (request) => {
      await contributors.applyToContribute(ctx, request.principal, request.params.course_uuid);
      return { detail: 'Contributor application submitted successfully', status: 'pending' };
    },
  );

  app.get(
    '/api/v1/courses/:course_uuid/updates',
    {
      schema: {
        tags,
        summary: 'Course updates, newest first',
        params: CourseParams,
        response: { 200: Type.Array(CourseUpdateRead) },
      },
    },
    async (request) =>
      (await updates.listUpdates(ctx, request.principal, request.params.course_uuid)).map(toCourseUpdateRead),
  );

  app.post(
    '/api/v1/courses/:course_uuid/updates',
    {
      schema: {
        tags,
        summary: 'Post a course update (fires course_update_published)',
        params: CourseParams,
        body: CourseUpdateCreate,
        response: { 200: CourseUpdateRead },
      },
    },
    async (request) =>
      toCourseUpdateRead(
        await updates.postUpdate(ctx, request.principal, request.params.course_uuid, request.body),
      ),
  );

  const UpdateParams = Type.Object({ course_uuid: Type.String(), courseupdate_uuid: Type.String() });

  app.put(
    '/api/v1/courses/:course_uuid/update/:courseupdate_uuid',
    {
      schema: {
        tags,
        summary: 'Edit a course update',
        params: UpdateParams,
        body: Type.Object({
          title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
          content: Type.Optional(Type.String({ maxLength: 50000 })),
          linked_activity_uuids: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
        }),
        response: { 200: CourseUpdateRead },
      },
    },
    async (request) =>
      toCourseUpdateRead(
        await updates.editUpdate(
          ctx,
          request.principal,
          request.params.course_uuid,
          request.params.courseupdate_uuid,
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/v1/courses/:course_uuid/update/:courseupdate_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a course update',
        params: UpdateParams,
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      await updates.deleteUpdate(
        ctx,
        request.principal,
        request.params.course_uuid,
        request.params.courseupdate_uuid,
      );
      return { message: 'Update deleted successfully' };
    },
  );
}
