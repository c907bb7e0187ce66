/**
 * Code blocks highlighted on the server with highlight.js (its common languages), so the
 * page needs no script for it; the colours come from our own `code-highlight.css`.
 * highlight.js escapes the code it wraps in spans, so its output is safe to embed.
 */
import hljs from 'highlight.js/lib/common';
import { html, raw, type SafeHtml } from '../html.ts';

/** Longer code is shown plain: highlighting cost grows with size and a page must stay fast. */
const MAX_HIGHLIGHTED_CHARS = 100_000;

/** The highlighted inner markup of a code element, and the language's display name if known. */
function highlightCode(code: string, language: string): { markup: SafeHtml; languageName?: string } {
  const grammar = language ? hljs.getLanguage(language) : undefined;
  if (!grammar || code.length > MAX_HIGHLIGHTED_CHARS) return { markup: html`${code}` };
  const result = hljs.highlight(code, { language, ignoreIllegals: true });
  return { markup: raw(result.value), languageName: grammar.name };
}

/** A whole code block: focusable so keyboard users can scroll wide code, labelled with its language. */
export function codeBlock(code: string, language: string): SafeHtml {
  const { markup, languageName } = highlightCode(code, language);
  const label = languageName ? `${languageName} code` : 'Code';
  const languageClass = languageName
    ? ` language-${language.toLowerCase().replace(/[^a-z0-9+#-]/g, '')}`
    : '';
  return html`<pre class="code-block" tabindex="0" aria-label="${label}"><code class="hljs${languageClass}">${markup}</code></pre>`;
}
