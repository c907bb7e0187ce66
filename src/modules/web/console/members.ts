/**
 * `/orgs/{slug}/console/members`: members with their role, changing a role, removing a
 * member, through the organizations service (admins and maintainers; an organization keeps
 * at least one admin, and the service says so when asked otherwise).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { changeMemberRole, listMembers, removeMember } from '../../orgs/service.ts';
import { toRoleRead } from '../../roles/present.ts';
import { listRoles } from '../../roles/service.ts';
import { toUserRead } from '../../users/present.ts';
import { alertBox, csrfField } from '../forms.ts';
import { html, type SafeHtml } from '../html.ts';
import { isRefusal, refusalMessage } from '../refusal.ts';
import type { Viewer } from '../viewer.ts';
import { viewerOf } from '../viewer.ts';
import { type ConsoleCaller, consoleCaller, consoleHref } from './console-access.ts';
import { sendConsolePage, withNotice } from './console-page.ts';

const PAGE_SIZE = 50;
const OrgParams = Type.Object({ org_slug: Type.String() });
const MemberParams = Type.Object({ org_slug: Type.String(), user_id: Type.Integer() });
const Paging = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  notice: Type.Optional(Type.String()),
});

type Member = { user: ReturnType<typeof toUserRead>; role: ReturnType<typeof toRoleRead> };
type Role = ReturnType<typeof toRoleRead>;

function memberRow(viewer: Viewer, href: string, roles: Role[], { user, role }: Member): SafeHtml {
  const name = `${user.first_name} ${user.last_name}`.trim();
  const selectId = `role-${user.id}`;
  return html`<tr>
    <th scope="row">${user.username}${name ? html`<br><span class="muted">${name}</span>` : ''}</th>
    <td data-label="E-mail">${user.email}</td>
    <td data-label="Role">
      <form method="post" action="${href}/${user.id}/role" class="inline-form">
        ${csrfField(viewer)}
        <label for="${selectId}" class="visually-hidden">Role of ${user.username}</label>
        <select id="${selectId}" name="role_uuid">${roles.map(
          (option) =>
            html`<option value="${option.role_uuid}"${option.role_uuid === role.role_uuid ? html` selected` : ''}>${option.name}</option>`,
        )}</select>
        <button type="submit">Change role<span class="visually-hidden"> of ${user.username}</span></button>
      </form>
    </td>
    <td data-label="Actions">
      <form method="post" action="${href}/${user.id}/remove" data-confirm="Remove ${user.username} from the organization?">
        ${csrfField(viewer)}
        <button type="submit" class="danger">Remove<span class="visually-hidden"> ${user.username}</span></button>
      </form>
    </td>
  </tr>`;
}

export async function memberPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/orgs/:org_slug/console/members';

  async function membersPage(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    page: number,
    failure?: { message: string; status: number },
  ) {
    const viewer = viewerOf(request, reply);
    const href = consoleHref(caller.org, '/members');
    const members = (await listMembers(ctx, caller.user, caller.org.id, page, PAGE_SIZE + 1)).map(
      (member) => ({
        user: toUserRead(member.user),
        role: toRoleRead(member.role),
      }),
    );
    const roles = (await listRoles(ctx, caller.user, caller.org.id)).map(toRoleRead);
    const shown = members.slice(0, PAGE_SIZE);
    const body = html`${alertBox(failure?.message)}
      <div class="table-scroll">
        <table class="data stack-narrow">
          <caption class="visually-hidden">Members</caption>
          <thead><tr><th scope="col">Member</th><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">Actions</th></tr></thead>
          <tbody>${shown.map((member) => memberRow(viewer, href, roles, member))}</tbody>
        </table>
      </div>
      <nav class="pager" aria-label="Pages">
        ${page > 1 ? html`<a href="${href}?page=${page - 1}" rel="prev">Previous</a>` : ''}
        ${members.length > PAGE_SIZE ? html`<a href="${href}?page=${page + 1}" rel="next">Next</a>` : ''}
      </nav>`;
    return sendConsolePage(request, reply, {
      caller,
      viewer,
      section: 'members',
      title: 'Members and roles',
      body,
      status: failure?.status,
    });
  }

  /** Runs a membership change; a refusal (e.g. the last admin) is shown above the list. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    run: () => Promise<void>,
    notice: 'role-changed' | 'member-removed',
  ) {
    try {
      await run();
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return membersPage(request, reply, caller, 1, {
        message: refusalMessage(error),
        status: error.statusCode,
      });
    }
    return reply.redirect(withNotice(consoleHref(caller.org, '/members'), notice), 303);
  }

  app.get(base, { schema: { hide: true, params: OrgParams, querystring: Paging } }, async (request, reply) =>
    membersPage(
      request,
      reply,
      await consoleCaller(ctx, request.principal, request.params.org_slug),
      request.query.page,
    ),
  );

  app.post(
    `${base}/:user_id/role`,
    {
      schema: {
        hide: true,
        params: MemberParams,
        body: Type.Object({ role_uuid: Type.String({ maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const run = () =>
        changeMemberRole(ctx, caller.user, caller.org.id, request.params.user_id, request.body.role_uuid);
      return change(request, reply, caller, run, 'role-changed');
    },
  );

  app.post(
    `${base}/:user_id/remove`,
    { schema: { hide: true, params: MemberParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const run = () => removeMember(ctx, caller.user, caller.org.id, request.params.user_id);
      return change(request, reply, caller, run, 'member-removed');
    },
  );
}
