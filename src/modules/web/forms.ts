/** Pieces every page form uses: the CSRF field, and a refusal shown as an alert beside the form. */
import { html, type SafeHtml } from './html.ts';
import type { Viewer } from './viewer.ts';

export function csrfField(viewer: Viewer): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
}

export function alertBox(message: string | undefined): SafeHtml | string {
  return message ? html`<p class="alert" role="alert">${message}</p>` : '';
}
