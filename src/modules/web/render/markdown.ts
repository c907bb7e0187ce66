/**
 * Markdown activities: the source is fetched on the server on every view (spec §2.3), turned
 * into HTML by markdown-it (raw HTML allowed, as in the product) and then sanitized with an
 * allow-list, so nothing in the file can run script or style our page. Relative links and
 * images resolve against the file's own address; images load only over https (the CSP).
 * Headings move down a level to sit under the activity's h1.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { OutboundNetwork } from '../../../core/net/outbound-network.ts';
import { html, raw, type SafeHtml } from '../html.ts';
import { codeBlock } from './code-highlight.ts';
import { fetchMarkdown, type MarkdownFetchLimits, MarkdownUnavailable } from './markdown-source.ts';
import { absoluteHttpUrl } from './safe-url.ts';

const markdown = new MarkdownIt({
  html: true,
  linkify: true,
  // A whole <pre> block is used as markdown-it's output for the fence.
  highlight: (code, language) => codeBlock(code.replace(/\n$/, ''), language).value,
});

function resolved(reference: string | undefined, base: URL): string {
  if (!reference || reference.startsWith('#')) return reference ?? '';
  try {
    return new URL(reference, base).href;
  } catch {
    return '';
  }
}

function sanitizeOptions(base: URL): sanitizeHtml.IOptions {
  const headingDown = (level: number) => () => ({ tagName: `h${Math.min(level + 1, 6)}`, attribs: {} });
  return {
    allowedTags: [
      ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'div', 'figure', 'figcaption'],
      ...['a', 'img', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'pre', 'code', 'span', 'kbd', 'samp', 'var'],
      ...['strong', 'em', 'b', 'i', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'abbr', 'q', 'cite'],
      ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'details', 'summary'],
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'referrerpolicy'],
      ol: ['start'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      pre: ['class', 'tabindex', 'aria-label'],
      code: ['class'],
      span: ['class'],
      abbr: ['title'],
      details: ['open'],
    },
    allowedClasses: {
      pre: ['code-block'],
      code: ['hljs', 'language-*'],
      // highlight.js scopes: `hljs-title` plus sub-scopes such as `function_`.
      span: ['hljs-*', '*_'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      h1: headingDown(1),
      h2: headingDown(2),
      h3: headingDown(3),
      h4: headingDown(4),
      h5: headingDown(5),
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, href: resolved(attribs.href, base), rel: 'noopener noreferrer' },
      }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          src: resolved(attribs.src, base),
          loading: 'lazy',
          referrerpolicy: 'no-referrer',
        },
      }),
    },
  };
}

/** Markdown text as sanitized HTML; `base` is the address the file came from. */
export function renderMarkdown(text: string, base: URL): SafeHtml {
  const cleaned = sanitizeHtml(markdown.render(text), sanitizeOptions(base));
  return html`<div class="markdown-body">${raw(cleaned)}</div>`;
}

function markdownError(message: string): SafeHtml {
  return html`<div class="alert" role="alert"><p>This page could not be loaded. ${message}</p></div>`;
}

export async function renderMarkdownActivity(
  network: OutboundNetwork,
  content: unknown,
  limits?: MarkdownFetchLimits,
): Promise<SafeHtml> {
  const address = absoluteHttpUrl((content as { markdown_url?: unknown } | null)?.markdown_url);
  if (!address) return markdownError('No markdown address is configured for it.');
  try {
    const { text, url } = await fetchMarkdown(network, address, limits);
    return renderMarkdown(text, url);
  } catch (error) {
    if (error instanceof MarkdownUnavailable) return markdownError(error.message);
    throw error;
  }
}
