/**
 * Small decorated nodes: link buttons, badges, user cards and web previews. A user card
 * shows only public profile fields. A web preview is built from what the author saved:
 * nothing is fetched for it, by the server or (no remote image) by the learner's browser.
 */
import { html, type SafeHtml } from '../html.ts';
import { plainTextOf } from './inline-text.ts';
import { alignmentClass } from './media-nodes.ts';
import { type Json, numberOf, type RenderContext, stringOf } from './render-context.ts';
import { absoluteHttpUrl, safeLinkHref } from './safe-url.ts';
import { toneClass } from './tones.ts';

function emoji(value: unknown): SafeHtml {
  // An emoji is decoration: a few characters at most, hidden from screen readers.
  const text = Array.from(stringOf(value)).slice(0, 4).join('');
  return text ? html`<span class="emoji" aria-hidden="true">${text}</span> ` : html``;
}

export function button(node: Json, attrs: Json): SafeHtml {
  const label = plainTextOf(node).trim() || 'Open link';
  const href = safeLinkHref(attrs.link);
  const classes = `button node-button ${toneClass(attrs.color, 'blue')}`;
  return html`<p class="node-button-row ${alignmentClass(attrs.alignment, 'left')}">${
    href
      ? html`<a class="${classes}" href="${href}" rel="noopener noreferrer">${emoji(attrs.emoji)}${label}</a>`
      : html`<span class="${classes} is-disabled">${emoji(attrs.emoji)}${label}</span>`
  }</p>`;
}

export function badge(inner: SafeHtml, attrs: Json): SafeHtml {
  return html`<p class="node-badge-row"><span class="node-badge ${toneClass(attrs.color, 'sky')}">${emoji(attrs.emoji)}${inner}</span></p>`;
}

function initials(...names: string[]): string {
  return names
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase();
}

export function blockUser(attrs: Json, context: RenderContext): SafeHtml {
  const id = numberOf(attrs.user_id);
  const user = id === undefined ? undefined : context.refs.users.get(id);
  if (!user) return html`<p class="notice" role="note">This person's profile is not available.</p>`;
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return html`<div class="user-card">
    <span class="avatar" aria-hidden="true">${initials(user.first_name, user.last_name) || initials(user.username)}</span>
    <div>
      <p class="user-name">${fullName}</p>
      <p class="muted">@${user.username}</p>
      ${user.bio ? html`<p class="user-bio">${user.bio}</p>` : ''}
    </div>
  </div>`;
}

export function webPreview(attrs: Json): SafeHtml {
  const url = absoluteHttpUrl(attrs.url);
  const title = stringOf(attrs.title) || url?.hostname || 'Link';
  const description = stringOf(attrs.description);
  if (!url) return html`<p class="notice" role="note">This link preview has no valid address.</p>`;
  const showButton = attrs.showButton === true;
  return html`<div class="web-preview ${alignmentClass(attrs.alignment)}">
    <p class="web-preview-host">${url.hostname}</p>
    <p class="web-preview-title"><a href="${url.href}" rel="noopener noreferrer">${title}</a></p>
    ${description ? html`<p class="web-preview-description">${description}</p>` : ''}
    ${showButton ? html`<p><a class="button" href="${url.href}" rel="noopener noreferrer">${stringOf(attrs.buttonLabel) || 'Visit'}</a></p>` : ''}
  </div>`;
}
