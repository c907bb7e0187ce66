/** Learner progress over HTTP (the product's `/trail` API, session users only) and progress reads. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type Principal, rejectApiTokens } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { MessageResponse, StringEnum } from '../../core/http/schemas.ts';
import { linkedActivityIds } from '../chapters/service.ts';
import { courseReaderFor } from '../courses/access.ts';
import { presentCourses } from '../courses/present.ts';
import { CourseRead } from '../courses/schemas.ts';
import { findCoursesByIds } from '../courses/service.ts';
import type { TrailRow } from './queries.ts';
import * as progress from './service.ts';

const tags = ['progress'];

const TrailStepRead = Type.Object({
  id: Type.Integer(),
  trail_run_id: Type.Integer(),
  activity_id: Type.Integer(),
  course_id: Type.Integer(),
  user_id: Type.Integer(),
  complete: Type.Boolean(),
  teacher_verified: Type.Boolean(),
  grade: Type.String(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const TrailRead = Type.Object({
  id: Type.Integer(),
  trail_uuid: Type.String(),
  org_id: Type.Integer(),
  user_id: Type.Integer(),
  creation_date: Type.String(),
  update_date: Type.String(),
  runs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      trail_id: Type.Integer(),
      course_id: Type.Integer(),
      org_id: Type.Integer(),
      user_id: Type.Integer(),
      status: StringEnum(['STATUS_IN_PROGRESS', 'STATUS_COMPLETED', 'STATUS_PAUSED', 'STATUS_CANCELLED']),
      enrolled: Type.Boolean(),
      course: CourseRead,
      course_total_steps: Type.Integer(),
      steps: Type.Array(TrailStepRead),
      creation_date: Type.String(),
      update_date: Type.String(),
    }),
  ),
});

const CourseProgressRead = Type.Object({
  course_uuid: Type.String(),
  user_id: Type.Integer(),
  enrolled: Type.Boolean(),
  completed: Type.Boolean(),
  total_activities: Type.Integer(),
  completed_activities: Type.Integer(),
  activities: Type.Array(
    Type.Object({ activity_uuid: Type.String(), name: Type.String(), complete: Type.Boolean() }),
  ),
});

export async function progressRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;
  // The /trail endpoints act for the signed-in user: API tokens are refused (progress reads excepted).
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.includes('/progress') && !url.includes('/learners')) rejectApiTokens(request.principal);
  });

  const presentTrail = async (principal: Principal, trail: TrailRow | undefined) => {
    if (!trail) throw notFound('Trail not found');
    const reader = await courseReaderFor(db, principal);
    const { runs, steps } = await progress.trailDetails(db, trail);
    const courses = await presentCourses(
      db,
      await findCoursesByIds(
        db,
        runs.map((r) => r.course_id),
      ),
      reader,
    );
    const byId = new Map(courses.map((c) => [c.id, c]));
    return {
      id: trail.id,
      trail_uuid: trail.trail_uuid,
      org_id: trail.org_id,
      user_id: trail.user_id,
      creation_date: trail.creation_date,
      update_date: trail.update_date,
      runs: await Promise.all(
        runs.map(async (run) => ({
          ...run,
          course: byId.get(run.course_id)!,
          course_total_steps: (await linkedActivityIds(db, run.course_id)).length,
          steps: steps.filter((s) => s.trail_run_id === run.id),
        })),
      ),
    };
  };

  const presentProgress = (p: progress.CourseProgress) => ({
    course_uuid: p.course.course_uuid,
    user_id: p.userId,
    enrolled: p.enrolled,
    completed: p.completed,
    total_activities: p.activities.length,
    completed_activities: p.activities.filter((a) => a.complete).length,
    activities: p.activities.map((a) => ({
      activity_uuid: a.activity.activity_uuid,
      name: a.activity.name,
      complete: a.complete,
    })),
  });

  app.post(
    '/api/v1/trail/start',
    {
      schema: {
        tags,
        summary: 'Start your trail in an organization',
        body: Type.Object({ org_id: Type.Integer(), user_id: Type.Integer() }),
        response: { 200: TrailRead },
      },
    },
    async (request) =>
      presentTrail(
        request.principal,
        await progress.startTrail(ctx, request.principal, request.body.org_id, request.body.user_id),
      ),
  );

  app.get(
    '/api/v1/trail/',
    { schema: { tags, summary: 'Your first trail with its runs', response: { 200: TrailRead } } },
    async (request) => presentTrail(request.principal, await progress.myTrail(ctx, request.principal)),
  );

  app.get(
    '/api/v1/trail/org/:org_id/trail',
    {
      schema: {
        tags,
        summary: 'Your trail in an organization (created when missing)',
        params: Type.Object({ org_id: Type.Integer() }),
        response: { 200: TrailRead },
      },
    },
    async (request) =>
      presentTrail(request.principal, await progress.myTrail(ctx, request.principal, request.params.org_id)),
  );

  app.post(
    '/api/v1/trail/add_course/:course_uuid',
    {
      schema: {
        tags,
        summary: 'Enrol in a course (fires course_enrolled)',
        params: Type.Object({ course_uuid: Type.String() }),
        response: { 200: TrailRead },
      },
    },
    async (request) =>
      presentTrail(
        request.principal,
        await progress.enrolSelf(ctx, request.principal, request.params.course_uuid),
      ),
  );

  app.delete(
    '/api/v1/trail/remove_course/:course_uuid',
    {
      schema: {
        tags,
        summary: 'Leave a course (its progress is removed; certificates are kept)',
        params: Type.Object({ course_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await progress.leaveCourse(ctx, request.principal, request.params.course_uuid);
      return { detail: 'Course removed from trail' };
    },
  );

  app.post(
    '/api/v1/trail/add_activity/:activity_uuid',
    {
      schema: {
        tags,
        summary:
          'Mark an activity done (first time: activity_completed; last one: course_completed and the certificate)',
        params: Type.Object({ activity_uuid: Type.String() }),
        response: { 200: TrailRead },
      },
    },
    async (request) =>
      presentTrail(
        request.principal,
        await progress.markDoneSelf(ctx, request.principal, request.params.activity_uuid),
      ),
  );

  app.delete(
    '/api/v1/trail/remove_activity/:activity_uuid',
    {
      schema: {
        tags,
        summary: 'Un-mark an activity',
        params: Type.Object({ activity_uuid: Type.String() }),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await progress.unmarkDoneSelf(ctx, request.principal, request.params.activity_uuid);
      return { detail: 'Activity removed from trail' };
    },
  );

  app.get(
    '/api/v1/trail/course/:course_uuid/progress',
    {
      schema: {
        tags,
        summary: "Progress in a course: yours, or a learner's (user_id) for people who may edit the course",
        params: Type.Object({ course_uuid: Type.String() }),
        querystring: Type.Object({ user_id: Type.Optional(Type.Integer()) }),
        response: { 200: CourseProgressRead },
      },
    },
    async (request) =>
      presentProgress(
        await progress.courseProgress(
          ctx,
          request.principal,
          request.params.course_uuid,
          request.query.user_id,
        ),
      ),
  );

  app.get(
    '/api/v1/trail/course/:course_uuid/learners',
    {
      schema: {
        tags,
        summary: 'Progress of every learner in a course (instructors)',
        params: Type.Object({ course_uuid: Type.String() }),
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
        }),
        response: { 200: Type.Array(CourseProgressRead) },
      },
    },
    async (request) =>
      (
        await progress.courseLearners(
          ctx,
          request.principal,
          request.params.course_uuid,
          request.query.page,
          request.query.limit,
        )
      ).map(presentProgress),
  );
}
