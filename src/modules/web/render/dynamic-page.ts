/**
 * Dynamic pages (spec §2.4) as HTML: the rich-text document `{type:'doc', content}` node by
 * node, or the legacy `{blocks: [...]}` list of media blocks. Every string an author wrote
 * goes through the escaping `html` tag; the only markup taken from elsewhere is what our
 * highlighter, KaTeX and sanitizer produce. A node type we do not know becomes a neutral
 * placeholder, whatever its attributes hold.
 */
import { html, raw, type SafeHtml } from '../html.ts';
import { badge, blockUser, button, webPreview } from './card-nodes.ts';
import { codeBlock } from './code-highlight.ts';
import { embedUrlFrame, sanitizeEmbedCode } from './embeds.ts';
import { plainTextOf, textWithMarks } from './inline-text.ts';
import { blockQuiz, flipcard, scenarios } from './interactive-nodes.ts';
import { mathEquation } from './math.ts';
import { blockAudio, blockImage, blockPdf, blockVideo, legacyBlock } from './media-nodes.ts';
import { isObject, type Json, numberOf, type RenderContext, stringOf } from './render-context.ts';
import { externalVideo, playbackOf } from './video.ts';

type NodeRenderer = (node: Json, attrs: Json, context: RenderContext) => SafeHtml;

const CALLOUT_KINDS: Record<string, { className: string; label: string }> = {
  info: { className: 'callout-info', label: 'Note' },
  note: { className: 'callout-info', label: 'Note' },
  tip: { className: 'callout-success', label: 'Tip' },
  success: { className: 'callout-success', label: 'Tip' },
  warning: { className: 'callout-warning', label: 'Warning' },
  danger: { className: 'callout-danger', label: 'Important' },
  error: { className: 'callout-danger', label: 'Important' },
};

const TEXT_ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);

function children(node: Json, context: RenderContext): SafeHtml {
  const content = Array.isArray(node.content) ? node.content : [];
  return html`${content.map((child) => renderNode(child, context))}`;
}

function textAlignClass(attrs: Json): string {
  const align = stringOf(attrs.textAlign);
  return TEXT_ALIGNMENTS.has(align) && align !== 'left' ? ` class="text-${align}"` : '';
}

function callout(kind: string, node: Json, context: RenderContext): SafeHtml {
  const { className, label } = CALLOUT_KINDS[kind] ?? CALLOUT_KINDS.info;
  return html`<div class="callout ${className}" role="note">
    <p class="callout-label">${label}</p>
    ${children(node, context)}
  </div>`;
}

/** Page headings sit under the activity's own h1, so every level moves down one. */
function heading(node: Json, attrs: Json, context: RenderContext): SafeHtml {
  const level = Math.min(Math.max(Math.trunc(numberOf(attrs.level) ?? 1), 1), 5) + 1;
  const inner = children(node, context);
  const align = textAlignClass(attrs);
  // `level` is an integer from 2 to 6 and `align` is built from a fixed set, so both are safe markup.
  return html`${raw(`<h${level}${align}>`)}${inner}${raw(`</h${level}>`)}`;
}

function tableCell(tag: 'th' | 'td', node: Json, attrs: Json, context: RenderContext): SafeHtml {
  const span = (value: unknown) => {
    const number = numberOf(value);
    return number !== undefined && number > 1 ? Math.min(Math.trunc(number), 1000) : undefined;
  };
  const colspan = span(attrs.colspan);
  const rowspan = span(attrs.rowspan);
  const spans = html`${colspan ? html` colspan="${colspan}"` : ''}${rowspan ? html` rowspan="${rowspan}"` : ''}`;
  return tag === 'th'
    ? html`<th${spans}>${children(node, context)}</th>`
    : html`<td${spans}>${children(node, context)}</td>`;
}

function orderedList(node: Json, attrs: Json, context: RenderContext): SafeHtml {
  const start = numberOf(attrs.start);
  const startAttribute = start !== undefined && start !== 1 ? html` start="${Math.trunc(start)}"` : '';
  return html`<ol${startAttribute}>${children(node, context)}</ol>`;
}

function blockEmbed(attrs: Json): SafeHtml {
  const height = numberOf(attrs.embedHeight) ?? 300;
  const type = stringOf(attrs.embedType) || (attrs.embedCode ? 'code' : 'url');
  const alignment = stringOf(attrs.alignment);
  const embedded =
    type === 'code'
      ? sanitizeEmbedCode(stringOf(attrs.embedCode), 'Embedded content')
      : embedUrlFrame(attrs.embedUrl, { title: 'Embedded content', height });
  return ['left', 'right'].includes(alignment)
    ? html`<div class="align-${alignment}">${embedded}</div>`
    : embedded;
}

const NODE_RENDERERS: Record<string, NodeRenderer> = {
  doc: (node, _attrs, context) => children(node, context),
  paragraph: (node, attrs, context) => {
    const align = textAlignClass(attrs);
    return align
      ? html`${raw(`<p${align}>`)}${children(node, context)}</p>`
      : html`<p>${children(node, context)}</p>`;
  },
  heading,
  text: (node) => textWithMarks(node),
  hardBreak: () => html`<br>`,
  horizontalRule: () => html`<hr>`,
  blockquote: (node, _attrs, context) => html`<blockquote>${children(node, context)}</blockquote>`,
  bulletList: (node, _attrs, context) => html`<ul>${children(node, context)}</ul>`,
  orderedList,
  listItem: (node, _attrs, context) => html`<li>${children(node, context)}</li>`,
  codeBlock: (node, attrs) => codeBlock(plainTextOf(node), stringOf(attrs.language)),
  table: (node, _attrs, context) =>
    html`<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table class="content-table"><tbody>${children(node, context)}</tbody></table></div>`,
  tableRow: (node, _attrs, context) => html`<tr>${children(node, context)}</tr>`,
  tableHeader: (node, attrs, context) => tableCell('th', node, attrs, context),
  tableCell: (node, attrs, context) => tableCell('td', node, attrs, context),
  callout: (node, attrs, context) => callout(stringOf(attrs.type) || 'info', node, context),
  calloutInfo: (node, _attrs, context) => callout('info', node, context),
  calloutWarning: (node, _attrs, context) => callout('warning', node, context),
  blockImage: (_node, attrs, context) => blockImage(attrs, context),
  blockVideo: (_node, attrs, context) => blockVideo(attrs, context),
  blockPDF: (_node, attrs, context) => blockPdf(attrs, context),
  blockAudio: (_node, attrs, context) => blockAudio(attrs, context),
  blockMathEquation: (_node, attrs) => mathEquation(stringOf(attrs.math_equation)),
  blockEmbed: (_node, attrs) => blockEmbed(attrs),
  blockQuiz: (_node, attrs, context) => blockQuiz(attrs, context),
  flipcard: (_node, attrs) => flipcard(attrs),
  scenarios: (_node, attrs, context) => scenarios(attrs, context),
  button: (node, attrs) => button(node, attrs),
  badge: (node, attrs, context) => badge(children(node, context), attrs),
  blockUser: (_node, attrs, context) => blockUser(attrs, context),
  blockWebPreview: (_node, attrs) => webPreview(attrs),
  youtube: (_node, attrs) =>
    externalVideo(attrs.src, 'Video', playbackOf({ startTime: attrs.start, endTime: attrs.end })),
};

function unknownNode(type: string): SafeHtml {
  const name = type.length > 60 ? `${type.slice(0, 60)}…` : type || 'unnamed';
  return html`<div class="node-unknown" role="note">This part of the page (${name}) cannot be shown here.</div>`;
}

function renderNode(node: unknown, context: RenderContext): SafeHtml {
  if (!isObject(node)) return html``;
  const type = stringOf(node.type);
  const render = Object.hasOwn(NODE_RENDERERS, type) ? NODE_RENDERERS[type] : undefined;
  if (!render) return unknownNode(type);
  return render(node, isObject(node.attrs) ? node.attrs : {}, context);
}

export function renderDynamicPage(content: unknown, context: RenderContext): SafeHtml {
  if (isObject(content) && Array.isArray(content.blocks) && content.type === undefined) {
    const blocks = content.blocks.filter(isObject);
    return html`<div class="page-content">${blocks.map((block) => legacyBlock(block, context))}</div>`;
  }
  if (
    !isObject(content) ||
    content.type !== 'doc' ||
    !Array.isArray(content.content) ||
    content.content.length === 0
  ) {
    return html`<p class="muted">This page is empty.</p>`;
  }
  return html`<div class="page-content">${renderNode(content, context)}</div>`;
}

/** The user ids `blockUser` nodes name, so the page can load those users in one query. */
export function userIdsIn(content: unknown): number[] {
  const ids = new Set<number>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (node.type === 'blockUser' && isObject(node.attrs)) {
      const id = numberOf(node.attrs.user_id);
      if (id !== undefined && Number.isSafeInteger(id) && id > 0) ids.add(id);
    }
    if (Array.isArray(node.content)) node.content.forEach(visit);
  };
  visit(content);
  return [...ids];
}
