/**
 * The organization console (`/orgs/{slug}/console`), for admins and maintainers: API tokens,
 * webhooks, members and roles. Every change is a CSRF-checked form post answered by a
 * redirect, except creations that reveal a secret, whose answer page shows it once.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { html } from '../html.ts';
import { viewerOf } from '../viewer.ts';
import { consoleCaller, consoleHref } from './console-access.ts';
import { sendConsolePage } from './console-page.ts';
import { memberPages } from './members.ts';
import { tokenPages } from './tokens.ts';
import { webhookPages } from './webhooks.ts';

export async function consolePages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/orgs/:org_slug/console',
    { schema: { hide: true, params: Type.Object({ org_slug: Type.String() }) } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      const viewer = viewerOf(request, reply);
      const card = (path: string, title: string, about: string) =>
        html`<li class="card"><h2><a href="${consoleHref(caller.org, path)}">${title}</a></h2><p>${about}</p></li>`;
      const body = html`<ul class="cards">
        ${card('/tokens', 'API tokens', 'Keys for integrations, each limited to the rights you give it. Pro plan.')}
        ${card('/webhooks', 'Webhooks', 'Signed HTTPS calls to your systems when things happen, with a delivery log. Pro plan.')}
        ${card('/members', 'Members and roles', 'Who belongs to the organization and what they may do.')}
      </ul>`;
      return sendConsolePage(request, reply, { caller, viewer, section: 'overview', title: 'Console', body });
    },
  );

  for (const plugin of [tokenPages, webhookPages, memberPages]) await app.register(plugin, { ctx });
}
