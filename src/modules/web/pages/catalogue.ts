/** The start page (your organizations) and an organization's course catalogue. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { notFound } from '../../../core/errors/http-errors.ts';
import { type CourseRow, listOrgCourses } from '../../courses/service.ts';
import { findOrgBySlug, findOrgsByIds, type OrgRow } from '../../orgs/service.ts';
import { listUserOrgIds } from '../../roles/service.ts';
import { html } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { orgNav } from '../org-nav.ts';
import { viewerOf } from '../viewer.ts';

const PAGE_SIZE = 24;

export function courseHref(org: Pick<OrgRow, 'slug'>, course: Pick<CourseRow, 'course_uuid'>): string {
  return `/orgs/${encodeURIComponent(org.slug)}/courses/${encodeURIComponent(course.course_uuid)}`;
}

function thumbnailOf(org: OrgRow, course: CourseRow) {
  if (course.thumbnail_type === 'video' || !course.thumbnail_image) {
    return html`<div class="thumb thumb-empty" aria-hidden="true">${course.name.slice(0, 1)}</div>`;
  }
  const src = `/api/v1/content/orgs/${org.org_uuid}/courses/${course.course_uuid}/thumbnails/${course.thumbnail_image}`;
  return html`<img class="thumb" src="${src}" alt="" loading="lazy">`;
}

function courseCard(org: OrgRow, course: CourseRow) {
  return html`<li class="card">
    ${thumbnailOf(org, course)}
    <h2><a href="${courseHref(org, course)}">${course.name}</a></h2>
    <p>${course.description}</p>
    ${course.published ? '' : html`<p class="tag">Draft</p>`}
  </li>`;
}

export async function cataloguePages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = ctx.database.db;

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const viewer = viewerOf(request, reply);
    const orgs = viewer.user ? await findOrgsByIds(db, await listUserOrgIds(db, viewer.user.id)) : [];
    const body = viewer.user
      ? html`<h1>Your organizations</h1>
          ${
            orgs.length === 0
              ? html`<p>You are not a member of any organization yet.</p>`
              : html`<ul class="cards">${orgs.map(
                  (org) => html`<li class="card"><h2><a href="/orgs/${org.slug}">${org.name}</a></h2>
                    <p>${org.description ?? ''}</p></li>`,
                )}</ul>`
          }`
      : html`<section class="panel narrow">
          <h1>Welcome to Learnbase</h1>
          <p><a class="button primary" href="/sign-in">Sign in</a> to see your organizations and courses.</p>
        </section>`;
    return sendHtml(reply, renderPage({ title: 'Start', viewer, body }));
  });

  app.get(
    '/orgs/:org_slug',
    {
      schema: {
        hide: true,
        params: Type.Object({ org_slug: Type.String() }),
        querystring: Type.Object({ page: Type.Integer({ minimum: 1, default: 1 }) }),
      },
    },
    async (request, reply) => {
      const org = await findOrgBySlug(db, request.params.org_slug);
      if (!org) throw notFound('Organization');
      const page = request.query.page;
      // One more than a page tells whether a next page exists without counting.
      const courses = await listOrgCourses(ctx, request.principal, org.slug, page, PAGE_SIZE + 1, true);
      const shown = courses.slice(0, PAGE_SIZE);
      const viewer = viewerOf(request, reply);
      const body = html`<h1>${org.name}</h1>
        ${org.description ? html`<p class="lead">${org.description}</p>` : ''}
        <h2 class="section-title">Courses</h2>
        ${
          shown.length === 0
            ? html`<p>No courses to show${viewer.user ? '' : html` — <a href="/sign-in?next=/orgs/${org.slug}">sign in</a> to see your organization's courses`}.</p>`
            : html`<ul class="cards">${shown.map((course) => courseCard(org, course))}</ul>`
        }
        <nav class="pager" aria-label="Pages">
          ${page > 1 ? html`<a href="?page=${page - 1}" rel="prev">Previous</a>` : ''}
          ${courses.length > PAGE_SIZE ? html`<a href="?page=${page + 1}" rel="next">Next</a>` : ''}
        </nav>`;
      return sendHtml(
        reply,
        renderPage({ title: org.name, viewer, org: await orgNav(ctx, request.principal, org), body }),
      );
    },
  );
}
