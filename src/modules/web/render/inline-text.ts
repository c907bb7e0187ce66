/**
 * Text nodes with their marks (spec §2.4): bold, italic, code, links with a safe target,
 * and the usual editor marks. `strong`/`em` are the same as bold/italic. Marks we do not
 * know leave the text as it is; a link whose target is unsafe becomes plain text.
 */
import { html, type SafeHtml } from '../html.ts';
import { isObject, type Json, stringOf } from './render-context.ts';
import { safeLinkHref } from './safe-url.ts';

type Wrap = (inner: SafeHtml, attrs: Json) => SafeHtml;

const MARK_WRAPPERS: Record<string, Wrap> = {
  bold: (inner) => html`<strong>${inner}</strong>`,
  strong: (inner) => html`<strong>${inner}</strong>`,
  italic: (inner) => html`<em>${inner}</em>`,
  em: (inner) => html`<em>${inner}</em>`,
  code: (inner) => html`<code>${inner}</code>`,
  strike: (inner) => html`<s>${inner}</s>`,
  underline: (inner) => html`<u>${inner}</u>`,
  subscript: (inner) => html`<sub>${inner}</sub>`,
  superscript: (inner) => html`<sup>${inner}</sup>`,
  highlight: (inner) => html`<mark>${inner}</mark>`,
  link: (inner, attrs) => {
    const href = safeLinkHref(attrs.href);
    return href ? html`<a href="${href}" rel="noopener noreferrer">${inner}</a>` : inner;
  },
};

export function textWithMarks(node: Json): SafeHtml {
  let markup = html`${stringOf(node.text)}`;
  const marks = Array.isArray(node.marks) ? node.marks.filter(isObject) : [];
  // The first mark is the outermost, as in the editor's document.
  for (const mark of [...marks].reverse()) {
    const wrap = MARK_WRAPPERS[stringOf(mark.type)];
    if (wrap) markup = wrap(markup, isObject(mark.attrs) ? mark.attrs : {});
  }
  return markup;
}

/** The plain text under a node (for labels such as a button's), marks ignored. */
export function plainTextOf(node: unknown): string {
  if (!isObject(node)) return '';
  if (typeof node.text === 'string') return node.text;
  return Array.isArray(node.content) ? node.content.map(plainTextOf).join('') : '';
}
