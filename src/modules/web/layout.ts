/** The document around every page: head, skip link, top bar with who is signed in, main. */
import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from './html.ts';
import type { PageOrg } from './org-nav.ts';
import type { Viewer } from './viewer.ts';

export interface PageOptions {
  title: string;
  viewer: Viewer;
  /** The organization the page belongs to, for the top bar's links (see org-nav.ts). */
  org?: PageOrg;
  body: SafeHtml;
  /** Extra scripts under /assets/ (ES modules), e.g. the reader's quiz checker. */
  scripts?: string[];
  stylesheets?: string[];
}

function topBar({ viewer, org }: PageOptions): SafeHtml {
  const account =
    viewer.user === undefined
      ? html`<a href="/sign-in">Sign in</a>`
      : html`<span class="who">${viewer.user.username}</span>
          <form method="post" action="/sign-out" class="inline">
            <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
            <button type="submit" class="link">Sign out</button>
          </form>`;
  return html`<header class="top-bar">
    <nav aria-label="Site">
      <a href="/" class="brand">Learnbase</a>
      ${org ? html`<a href="/orgs/${org.slug}">${org.name}</a>` : ''}
      ${org?.showConsole ? html`<a href="/orgs/${org.slug}/console">Console</a>` : ''}
    </nav>
    <div class="account">${account}</div>
  </header>`;
}

export function renderPage(options: PageOptions): SafeHtml {
  const stylesheets = ['app.css', ...(options.stylesheets ?? [])];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Learnbase</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
${stylesheets.map((name) => html`<link rel="stylesheet" href="/assets/${name}">`)}
${(options.scripts ?? []).map((name) => html`<script type="module" src="/assets/${name}"></script>`)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${topBar(options)}
<main id="main" tabindex="-1">
${options.body}
</main>
</body>
</html>`;
}

export function sendHtml(reply: FastifyReply, page: SafeHtml, status = 200): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(page.value);
}
