/**
 * The frame of every console page: the section navigation, the outcome of the last action
 * (a fixed message named in the query string after a redirect, never text from the URL),
 * and the console's stylesheet and confirmation script.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { alertBox } from '../forms.ts';
import { html, type SafeHtml } from '../html.ts';
import { renderPage, sendHtml } from '../layout.ts';
import { isRefusal, refusalMessage } from '../refusal.ts';
import type { Viewer } from '../viewer.ts';
import { type ConsoleCaller, consoleHref } from './console-access.ts';

export type ConsoleSection = 'overview' | 'tokens' | 'webhooks' | 'members';

const SECTIONS: { section: ConsoleSection; label: string; path: string }[] = [
  { section: 'overview', label: 'Overview', path: '' },
  { section: 'tokens', label: 'API tokens', path: '/tokens' },
  { section: 'webhooks', label: 'Webhooks', path: '/webhooks' },
  { section: 'members', label: 'Members and roles', path: '/members' },
];

/** What a redirect after a successful action may ask the next page to confirm. */
export const NOTICES = {
  'token-revoked': 'The token was revoked. It stopped working at once.',
  'webhook-saved': 'The webhook was saved.',
  'webhook-deleted': 'The webhook was deleted with its delivery log.',
  'ping-queued': 'A test ping was queued. It appears in the delivery log once it has been sent.',
  'ping-inactive': 'The webhook is inactive, so no test ping was sent.',
  'redelivery-queued': 'The delivery was queued again. It appears in the log once it has been sent.',
  'role-changed': "The member's role was changed.",
  'member-removed': 'The member was removed from the organization.',
} as const;
export type NoticeKey = keyof typeof NOTICES;

export function withNotice(href: string, notice: NoticeKey): string {
  return `${href}${href.includes('?') ? '&' : '?'}notice=${notice}`;
}

function noticeOf(request: FastifyRequest): string | undefined {
  const notice = (request.query as Record<string, unknown> | undefined)?.notice;
  return typeof notice === 'string' && Object.hasOwn(NOTICES, notice)
    ? NOTICES[notice as NoticeKey]
    : undefined;
}

export interface ConsolePage {
  caller: ConsoleCaller;
  viewer: Viewer;
  section: ConsoleSection;
  title: string;
  body: SafeHtml;
  status?: number;
}

export function sendConsolePage(request: FastifyRequest, reply: FastifyReply, page: ConsolePage) {
  const { org } = page.caller;
  const notice = noticeOf(request);
  const body = html`<div class="console">
    <p class="muted">${org.name} · Console</p>
    <nav class="console-nav" aria-label="Console sections">
      <ul>${SECTIONS.map(
        ({ section, label, path }) =>
          html`<li><a href="${consoleHref(org, path)}"${section === page.section ? html` aria-current="page"` : ''}>${label}</a></li>`,
      )}</ul>
    </nav>
    <h1>${page.title}</h1>
    ${notice ? html`<p class="success" role="status">${notice}</p>` : ''}
    ${page.body}
  </div>`;
  return sendHtml(
    reply,
    renderPage({
      title: `${page.title} · ${org.name}`,
      viewer: page.viewer,
      // Only callers the console admitted get here, so the link is theirs to see.
      org: { slug: org.slug, name: org.name, showConsole: true },
      body,
      stylesheets: ['console.css'],
      scripts: ['console.js'],
    }),
    page.status,
  );
}

/**
 * A section's main page: what `render` makes of it or, when the plan or the caller's rights
 * rule the section out (a refusal from the service), the reason in its place.
 */
export async function sendSectionPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Omit<ConsolePage, 'body'> & { render: () => Promise<SafeHtml> },
) {
  const { render, ...frame } = page;
  let body: SafeHtml;
  try {
    body = await render();
  } catch (error) {
    if (!isRefusal(error)) throw error;
    body = html`${alertBox(refusalMessage(error))}`;
  }
  return sendConsolePage(request, reply, { ...frame, body });
}

/** Shown once, right after it was made: a token value or a signing secret. */
export function secretOnce(label: string, secret: string): SafeHtml {
  return html`<div class="panel secret-once">
    <p><strong>${label}</strong></p>
    <code class="secret">${secret}</code>
    <p class="muted">Copy it now and keep it somewhere safe: it is shown only this once.</p>
  </div>`;
}
