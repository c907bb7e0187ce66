/**
 * The assignment panel's form posts: save an answer, upload a file answer (multipart, CSRF
 * token in the query string), submit, retry. Each calls the assignments service exactly as
 * the API routes do, then redirects back to the activity page (PRG). A refusal from the
 * service (due date passed, already submitted, no attempts left…) is answered with the
 * panel again, its message beside the task it concerns.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { badRequest, type HttpError, notFound } from '../../../core/errors/http-errors.ts';
import { listTasks, readAssignmentOfActivity } from '../../assignments/authoring.ts';
import { retrySubmission } from '../../assignments/retries.ts';
import { submitAssignment } from '../../assignments/submissions.ts';
import { answerWithFile } from '../../assignments/task-files.ts';
import { saveOwnAnswer } from '../../assignments/task-submissions.ts';
import { getOrgBySlugOr404, type OrgRow } from '../../orgs/service.ts';
import { html } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { orgNav } from '../org-nav.ts';
import { activityHref } from '../pages/course.ts';
import { isRefusal, refusalMessage } from '../refusal.ts';
import { viewerOf } from '../viewer.ts';
import { answerFromForm, type PostedFields } from './answer-form.ts';
import { renderAssignmentPanel } from './panel.ts';
import { jsonObjectOf } from './task-contents.ts';

const ActivityParams = Type.Object({
  org_slug: Type.String(),
  course_uuid: Type.String(),
  activity_uuid: Type.String(),
});
const TaskParams = Type.Object({ ...ActivityParams.properties, task_uuid: Type.String() });
const AnswerFields = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));
const BASE = '/orgs/:org_slug/courses/:course_uuid/activities/:activity_uuid/assignment';

type Params = { org_slug: string; course_uuid: string; activity_uuid: string; task_uuid?: string };

interface Target {
  user: SessionUser;
  org: OrgRow;
  assignmentUuid: string;
  pageUrl: string;
}

/** What the action does; returns the fragment of the activity page to come back to. */
type Action = (target: Target) => Promise<string>;

async function taskOf(ctx: AppContext, target: Target, taskUuid: string) {
  const task = (await listTasks(ctx, target.user, target.assignmentUuid)).find(
    (candidate) => candidate.assignment_task_uuid === taskUuid,
  );
  if (!task) throw notFound('Assignment Task');
  return task;
}

export async function assignmentPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function refused(
    request: FastifyRequest,
    reply: FastifyReply,
    target: Target,
    error: HttpError,
    taskUuid?: string,
  ) {
    const message = refusalMessage(error);
    const viewer = viewerOf(request, reply);
    const { activity_uuid } = request.params as Params;
    const panel = await renderAssignmentPanel(ctx, target.user, viewer, activity_uuid, target.pageUrl, {
      error: { message, taskUuid },
    });
    const body = html`<p><a href="${target.pageUrl}">Back to the activity</a></p>${panel}`;
    const page = renderPage({
      title: 'Assignment',
      viewer,
      org: await orgNav(ctx, target.user, target.org),
      body,
    });
    return sendHtml(reply, page, error.statusCode);
  }

  /** Resolves the assignment the address names, runs the action, and redirects back (or shows why not). */
  async function act(request: FastifyRequest, reply: FastifyReply, action: Action) {
    const { org_slug, course_uuid, activity_uuid, task_uuid } = request.params as Params;
    const pageUrl = activityHref({ slug: org_slug }, course_uuid, activity_uuid);
    const principal = request.principal;
    if (principal.kind !== 'user') return reply.redirect(`/sign-in?next=${encodeURIComponent(pageUrl)}`, 303);
    const org = await getOrgBySlugOr404(ctx.database.db, org_slug);
    const assignment = await readAssignmentOfActivity(ctx, principal, activity_uuid);
    // Only ever acted on under its own organization's and course's address.
    if (assignment.org_id !== org.id || assignment.course_uuid !== course_uuid) throw notFound('Assignment');
    const target = { user: principal, org, assignmentUuid: assignment.assignment_uuid, pageUrl };
    let fragment: string;
    try {
      fragment = await action(target);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return refused(request, reply, target, error, task_uuid);
    }
    return reply.redirect(`${pageUrl}#${fragment}`, 303);
  }

  app.post(
    `${BASE}/tasks/:task_uuid`,
    { schema: { hide: true, params: TaskParams, body: AnswerFields } },
    (request, reply) =>
      act(request, reply, async (target) => {
        const taskUuid = request.params.task_uuid;
        const task = await taskOf(ctx, target, taskUuid);
        const answer = answerFromForm(
          task.assignment_type,
          jsonObjectOf(task.contents),
          request.body as PostedFields,
        );
        await saveOwnAnswer(ctx, target.user, target.assignmentUuid, taskUuid, answer);
        return `task-${taskUuid}`;
      }),
  );

  app.post(
    `${BASE}/tasks/:task_uuid/file`,
    { schema: { hide: true, params: TaskParams } },
    (request, reply) =>
      act(request, reply, async (target) => {
        const taskUuid = request.params.task_uuid;
        const task = await taskOf(ctx, target, taskUuid);
        if (task.assignment_type !== 'FILE_SUBMISSION') throw badRequest('This task does not take a file');
        const saved = await answerWithFile(ctx, request, target.assignmentUuid, taskUuid);
        if (!saved) throw badRequest('Choose a file to upload');
        return `task-${taskUuid}`;
      }),
  );

  app.post(`${BASE}/submit`, { schema: { hide: true, params: ActivityParams } }, (request, reply) =>
    act(request, reply, async (target) => {
      await submitAssignment(ctx, target.user, target.assignmentUuid, undefined);
      return 'assignment-status';
    }),
  );

  app.post(`${BASE}/retry`, { schema: { hide: true, params: ActivityParams } }, (request, reply) =>
    act(request, reply, async (target) => {
      await retrySubmission(ctx, target.user, target.assignmentUuid);
      return 'assignment';
    }),
  );
}
