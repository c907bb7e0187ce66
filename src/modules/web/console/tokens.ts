/**
 * `/orgs/{slug}/console/tokens`: list, create (the value shown once, on the page answering
 * the form, and never again), revoke. Everything goes through the API tokens service, so
 * its rules hold here too: the Pro plan, the roles rights, "never more than you hold".
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CRUD_ACTIONS, TOKEN_BUCKETS, type TokenRights } from '../../../core/auth/rights.ts';
import type { AppContext } from '../../../core/context.ts';
import { clientInfo } from '../../../core/http/client-info.ts';
import { toApiTokenRead } from '../../api-tokens/present.ts';
import { createToken, listTokens, revokeToken } from '../../api-tokens/service.ts';
import { html } from '../html.ts';
import { isRefusal, refusalMessage } from '../refusal.ts';
import { viewerOf } from '../viewer.ts';
import { type ConsoleCaller, consoleCaller, consoleHref } from './console-access.ts';
import { secretOnce, sendConsolePage, sendSectionPage, withNotice } from './console-page.ts';
import { EMPTY_TOKEN_FORM, type TokenFormValues, tokenCreateForm, tokenList } from './token-views.ts';

const OrgParams = Type.Object({ org_slug: Type.String() });
const TokenParams = Type.Object({ org_slug: Type.String(), token_uuid: Type.String() });
const TokenForm = Type.Object({
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  expires_on: Type.Optional(Type.String({ maxLength: 10 })),
  rights: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }))]),
  ),
});

/** The ticked `bucket.action` boxes as a complete rights object (unticked actions false). */
export function rightsFromForm(ticked: Set<string>): TokenRights {
  return Object.fromEntries(
    TOKEN_BUCKETS.map((bucket) => [
      bucket,
      Object.fromEntries(CRUD_ACTIONS.map((action) => [action, ticked.has(`${bucket}.${action}`)])),
    ]),
  );
}

export async function tokenPages(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/orgs/:org_slug/console/tokens';

  function tokensPage(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: ConsoleCaller,
    form: { values: TokenFormValues; error?: string; status?: number },
  ) {
    const viewer = viewerOf(request, reply);
    const href = consoleHref(caller.org, '/tokens');
    return sendSectionPage(request, reply, {
      caller,
      viewer,
      section: 'tokens',
      title: 'API tokens',
      status: form.status,
      render: async () => {
        const tokens = (await listTokens(ctx, caller.user, caller.org.id)).map(toApiTokenRead);
        return html`${tokenList(viewer, href, tokens)}${tokenCreateForm(viewer, href, form.values, form.error)}`;
      },
    });
  }

  app.get(base, { schema: { hide: true, params: OrgParams } }, async (request, reply) =>
    tokensPage(request, reply, await consoleCaller(ctx, request.principal, request.params.org_slug), {
      values: EMPTY_TOKEN_FORM,
    }),
  );

  app.post(base, { schema: { hide: true, params: OrgParams, body: TokenForm } }, async (request, reply) => {
    const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
    const { rights } = request.body;
    const values: TokenFormValues = {
      name: request.body.name,
      description: request.body.description ?? '',
      expiresOn: request.body.expires_on ?? '',
      rights: new Set(rights === undefined ? [] : Array.isArray(rights) ? rights : [rights]),
    };
    try {
      const { token, value } = await createToken(
        ctx,
        caller.user,
        caller.org.id,
        {
          name: values.name,
          description: values.description.trim() || null,
          rights: rightsFromForm(values.rights),
          expires_at: values.expiresOn ? `${values.expiresOn}T00:00:00Z` : null,
        },
        clientInfo(request).ip,
      );
      const viewer = viewerOf(request, reply);
      const body = html`${secretOnce(`The value of the token ${token.name}`, value)}
        <p>Send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
        <p><a href="${consoleHref(caller.org, '/tokens')}">Back to API tokens</a></p>`;
      return sendConsolePage(request, reply, {
        caller,
        viewer,
        section: 'tokens',
        title: 'Token created',
        body,
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return tokensPage(request, reply, caller, {
        values,
        error: refusalMessage(error),
        status: error.statusCode,
      });
    }
  });

  app.post(
    `${base}/:token_uuid/revoke`,
    { schema: { hide: true, params: TokenParams } },
    async (request, reply) => {
      const caller = await consoleCaller(ctx, request.principal, request.params.org_slug);
      await revokeToken(ctx, caller.user, caller.org.id, request.params.token_uuid);
      return reply.redirect(withNotice(consoleHref(caller.org, '/tokens'), 'token-revoked'), 303);
    },
  );
}
