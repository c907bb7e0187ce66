/**
 * One activity in its course: the outline beside it, the content rendered by type (or the
 * lock gate), "mark done", and links to the previous and next activity.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../../core/auth/principal.ts';
import type { AppContext } from '../../../core/context.ts';
import { readActivity } from '../../activities/service.ts';
import { getOrgBySlugOr404, type OrgRow } from '../../orgs/service.ts';
import { markDoneSelf, unmarkDoneSelf } from '../../progress/service.ts';
import { findUsersByIds } from '../../users/service.ts';
import { renderAssignmentPanel } from '../assignments/panel.ts';
import { type CourseOutline, loadCourseOutline } from '../course-outline.ts';
import { html, type SafeHtml } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { orgNav } from '../org-nav.ts';
import { progressMeter } from '../progress-meter.ts';
import { renderActivityBody } from '../render/activity-body.ts';
import { userIdsIn } from '../render/dynamic-page.ts';
import type { Viewer } from '../viewer.ts';
import { viewerOf } from '../viewer.ts';
import { courseHref } from './catalogue.ts';
import { activityHref, courseOutlineNav } from './course.ts';

const ActivityParams = Type.Object({
  org_slug: Type.String(),
  course_uuid: Type.String(),
  activity_uuid: Type.String(),
});

type ActivityRecord = Awaited<ReturnType<typeof readActivity>>['activity'];

function lockGate(viewer: Viewer, pageUrl: string): SafeHtml {
  return html`<div class="panel lock-gate" role="note">
    <h2>This activity is locked</h2>
    ${
      viewer.user
        ? html`<p>It is open to specific groups of learners only. Ask your instructor for access.</p>`
        : html`<p><a class="button primary" href="/sign-in?next=${encodeURIComponent(pageUrl)}">Sign in</a> to open it.</p>`
    }
  </div>`;
}

async function contentOf(
  ctx: AppContext,
  principal: Principal,
  viewer: Viewer,
  org: OrgRow,
  outline: CourseOutline,
  activity: ActivityRecord,
  pageUrl: string,
): Promise<SafeHtml> {
  if (activity.activity_type === 'TYPE_ASSIGNMENT') {
    return renderAssignmentPanel(ctx, principal, viewer, activity.activity_uuid, pageUrl);
  }
  const content: unknown = JSON.parse(activity.content);
  const details: unknown = activity.details ? JSON.parse(activity.details) : null;
  const userIds = activity.activity_sub_type === 'SUBTYPE_DYNAMIC_PAGE' ? userIdsIn(content) : [];
  // Only public profile fields reach the renderer, so a user block cannot show an e-mail.
  const users = new Map(
    (await findUsersByIds(ctx.database.db, userIds)).map((user) => [
      user.id,
      {
        id: user.id,
        user_uuid: user.user_uuid,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        bio: user.bio,
      },
    ]),
  );
  return renderActivityBody(
    ctx.outboundNetwork,
    { ...activity, content, details },
    {
      orgUuid: org.org_uuid,
      courseUuid: outline.course.course_uuid,
      activityUuid: activity.activity_uuid,
      users,
    },
  );
}

function doneForm(viewer: Viewer, outline: CourseOutline, activityUuid: string, action: string) {
  if (!viewer.user) return html``;
  const done = outline.sequence.find((entry) => entry.activity_uuid === activityUuid)?.done ?? false;
  return html`<form method="post" action="${action}" class="inline">
    <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
    <input type="hidden" name="done" value="${done ? 'false' : 'true'}">
    ${
      done
        ? html`<span class="status done">Done</span> <button type="submit">Mark as not done</button>`
        : html`<button type="submit" class="primary">Mark as done</button>`
    }
  </form>`;
}

function neighbours(org: OrgRow, outline: CourseOutline, activityUuid: string) {
  const index = outline.sequence.findIndex((entry) => entry.activity_uuid === activityUuid);
  const link = (offset: number, label: string, rel: string) => {
    const target = index < 0 ? undefined : outline.sequence[index + offset];
    return target
      ? html`<a href="${activityHref(org, outline.course.course_uuid, target.activity_uuid)}" rel="${rel}">${label}: ${target.name}</a>`
      : '';
  };
  return html`<nav aria-label="Activities">${link(-1, 'Previous', 'prev')} ${link(1, 'Next', 'next')}</nav>`;
}

export async function activityPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/orgs/:org_slug/courses/:course_uuid/activities/:activity_uuid',
    { schema: { hide: true, params: ActivityParams } },
    async (request, reply) => {
      const { org_slug, course_uuid, activity_uuid } = request.params;
      const org = await getOrgBySlugOr404(ctx.database.db, org_slug);
      const outline = await loadCourseOutline(ctx, request.principal, org, course_uuid);
      const { activity, locked } = await readActivity(ctx, request.principal, activity_uuid);
      if (activity.course_id !== outline.course.id)
        return reply.redirect(courseHref(org, outline.course), 303);
      const viewer = viewerOf(request, reply);
      const pageUrl = activityHref(org, outline.course.course_uuid, activity.activity_uuid);
      const main = locked
        ? lockGate(viewer, pageUrl)
        : await contentOf(ctx, request.principal, viewer, org, outline, activity, pageUrl);
      const body = html`<div class="reader">
        <aside aria-label="Course contents">
          <p><a href="${courseHref(org, outline.course)}">${outline.course.name}</a></p>
          ${progressMeter(outline)}
          ${courseOutlineNav(org, outline)}
        </aside>
        <article class="activity" aria-labelledby="activity-title">
          <h1 id="activity-title">${activity.name}</h1>
          <div class="activity-content">${main}</div>
          <footer class="activity-actions">
            ${
              // Handing in an assignment marks it done; a button would only contradict that.
              locked || activity.activity_type === 'TYPE_ASSIGNMENT'
                ? ''
                : doneForm(viewer, outline, activity.activity_uuid, `${pageUrl}/done`)
            }
            ${neighbours(org, outline, activity.activity_uuid)}
          </footer>
        </article>
      </div>`;
      return sendHtml(
        reply,
        renderPage({
          title: activity.name,
          viewer,
          org: await orgNav(ctx, request.principal, org),
          body,
          stylesheets: [
            'content.css',
            'code-highlight.css',
            ...(activity.activity_type === 'TYPE_ASSIGNMENT' ? ['assignment.css'] : []),
          ],
          scripts: ['reader.js'],
        }),
      );
    },
  );

  app.post(
    '/orgs/:org_slug/courses/:course_uuid/activities/:activity_uuid/done',
    {
      schema: {
        hide: true,
        params: ActivityParams,
        body: Type.Object({ done: Type.Union([Type.Literal('true'), Type.Literal('false')]) }),
      },
    },
    async (request, reply) => {
      const { org_slug, course_uuid, activity_uuid } = request.params;
      const pageUrl = activityHref({ slug: org_slug }, course_uuid, activity_uuid);
      if (request.principal.kind !== 'user') {
        return reply.redirect(`/sign-in?next=${encodeURIComponent(pageUrl)}`, 303);
      }
      if (request.body.done === 'true') await markDoneSelf(ctx, request.principal, activity_uuid);
      else await unmarkDoneSelf(ctx, request.principal, activity_uuid);
      return reply.redirect(pageUrl, 303);
    },
  );
}
