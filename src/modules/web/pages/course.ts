/** A course: what it is about, the reader's progress, and its chapters and activities in order. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { getOrgBySlugOr404, type OrgRow } from '../../orgs/service.ts';
import { type CourseOutline, loadCourseOutline, type OutlineActivity } from '../course-outline.ts';
import { html } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { orgNav } from '../org-nav.ts';
import { progressMeter } from '../progress-meter.ts';
import { viewerOf } from '../viewer.ts';
import { courseHref } from './catalogue.ts';

export const ACTIVITY_KIND_LABELS: Record<string, string> = {
  TYPE_DYNAMIC: 'Page',
  TYPE_VIDEO: 'Video',
  TYPE_DOCUMENT: 'Document',
  TYPE_ASSIGNMENT: 'Assignment',
  TYPE_CUSTOM: 'Custom',
  TYPE_SCORM: 'SCORM',
};

export function activityHref(org: Pick<OrgRow, 'slug'>, courseUuid: string, activityUuid: string): string {
  return `${courseHref(org, { course_uuid: courseUuid })}/activities/${encodeURIComponent(activityUuid)}`;
}

function jsonList(text: string | null): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function activityItem(org: OrgRow, outline: CourseOutline, activity: OutlineActivity) {
  const kind = ACTIVITY_KIND_LABELS[activity.activity_type] ?? 'Activity';
  const status = activity.is_locked
    ? html`<span class="status locked">Locked</span>`
    : activity.done
      ? html`<span class="status done">Done</span>`
      : '';
  return html`<li class="activity-item${activity.is_locked ? ' is-locked' : ''}">
    <span class="kind">${kind}</span>
    <a href="${activityHref(org, outline.course.course_uuid, activity.activity_uuid)}">${activity.name}</a>
    ${status}
  </li>`;
}

export function courseOutlineNav(org: OrgRow, outline: CourseOutline) {
  return html`<ol class="chapters">
    ${outline.chapters.map(
      (chapter) => html`<li class="chapter">
        <h3>${chapter.name}${chapter.is_locked ? html` <span class="status locked">Locked</span>` : ''}</h3>
        ${
          chapter.activities.length === 0
            ? html`<p class="muted">No activities yet.</p>`
            : html`<ol class="activities">${chapter.activities.map((a) => activityItem(org, outline, a))}</ol>`
        }
      </li>`,
    )}
  </ol>`;
}

export async function coursePages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/orgs/:org_slug/courses/:course_uuid',
    { schema: { hide: true, params: Type.Object({ org_slug: Type.String(), course_uuid: Type.String() }) } },
    async (request, reply) => {
      const org = await getOrgBySlugOr404(ctx.database.db, request.params.org_slug);
      const outline = await loadCourseOutline(ctx, request.principal, org, request.params.course_uuid);
      const { course } = outline;
      const learnings = jsonList(course.learnings);
      const firstOpen = outline.sequence.find((activity) => !activity.done && !activity.is_locked);
      const viewer = viewerOf(request, reply);
      const body = html`<article class="course">
        <header class="course-header">
          <h1>${course.name}</h1>
          ${course.description ? html`<p class="lead">${course.description}</p>` : ''}
          ${progressMeter(outline)}
          ${
            firstOpen
              ? html`<a class="button primary" href="${activityHref(org, course.course_uuid, firstOpen.activity_uuid)}">
                  ${outline.doneCount > 0 ? 'Continue' : 'Start'}</a>`
              : ''
          }
        </header>
        ${course.about ? html`<section><h2>About</h2><p class="prose">${course.about}</p></section>` : ''}
        ${
          learnings.length > 0
            ? html`<section><h2>What you will learn</h2><ul>${learnings.map((item) => html`<li>${item}</li>`)}</ul></section>`
            : ''
        }
        <section aria-labelledby="contents-title">
          <h2 id="contents-title">Contents</h2>
          ${courseOutlineNav(org, outline)}
        </section>
      </article>`;
      return sendHtml(
        reply,
        renderPage({ title: course.name, viewer, org: await orgNav(ctx, request.principal, org), body }),
      );
    },
  );
}
