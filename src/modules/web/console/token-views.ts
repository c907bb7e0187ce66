/** The API tokens section: the list, the create form with rights per bucket, the result. */
import type { Static } from '@sinclair/typebox';
import { CRUD_ACTIONS, TOKEN_BUCKETS } from '../../../core/auth/rights.ts';
import type { ApiTokenRead } from '../../api-tokens/schemas.ts';
import { alertBox, csrfField } from '../forms.ts';
import { html, type SafeHtml } from '../html.ts';
import type { Viewer } from '../viewer.ts';

export type TokenView = Static<typeof ApiTokenRead>;

export interface TokenFormValues {
  name: string;
  description: string;
  expiresOn: string;
  /** `bucket.action` of every ticked right. */
  rights: Set<string>;
}

export const EMPTY_TOKEN_FORM: TokenFormValues = {
  name: '',
  description: '',
  expiresOn: '',
  rights: new Set(),
};

const ACTION_LABELS: Record<string, string> = {
  action_create: 'Create',
  action_read: 'Read',
  action_update: 'Update',
  action_delete: 'Delete',
};

function rightsSummary(rights: TokenView['rights']): string {
  const granted = Object.entries(rights ?? {})
    .map(([bucket, flags]) => {
      const actions = Object.entries((flags ?? {}) as Record<string, unknown>)
        .filter(([, on]) => on === true)
        .map(([action]) => (ACTION_LABELS[action] ?? action).toLowerCase());
      return actions.length > 0 ? `${bucket}: ${actions.join(', ')}` : '';
    })
    .filter(Boolean);
  return granted.length > 0 ? granted.join('; ') : 'No rights';
}

function tokenRow(viewer: Viewer, actionBase: string, token: TokenView): SafeHtml {
  return html`<tr>
    <th scope="row">${token.name}${token.description ? html`<br><span class="muted">${token.description}</span>` : ''}</th>
    <td data-label="Starts with"><code>${token.token_prefix}…</code></td>
    <td data-label="Rights">${rightsSummary(token.rights)}</td>
    <td data-label="Created">${token.creation_date}</td>
    <td data-label="Last used">${token.last_used_at ?? 'Never'}</td>
    <td data-label="Expires">${token.expires_at ?? 'Never'}</td>
    <td data-label="Status">${token.is_active ? html`<span class="status done">Active</span>` : html`<span class="status">Revoked</span>`}</td>
    <td data-label="Actions">${
      token.is_active
        ? html`<form method="post" action="${actionBase}/${encodeURIComponent(token.token_uuid)}/revoke" data-confirm="Revoke the token ${token.name}? Integrations using it stop working at once.">
            ${csrfField(viewer)}
            <button type="submit" class="danger">Revoke<span class="visually-hidden"> ${token.name}</span></button>
          </form>`
        : ''
    }</td>
  </tr>`;
}

export function tokenList(viewer: Viewer, actionBase: string, tokens: TokenView[]): SafeHtml {
  if (tokens.length === 0) return html`<p>No API tokens yet.</p>`;
  return html`<div class="table-scroll">
    <table class="data stack-narrow">
      <caption class="visually-hidden">API tokens</caption>
      <thead><tr>
        <th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Rights</th><th scope="col">Created</th>
        <th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col">Actions</th>
      </tr></thead>
      <tbody>${tokens.map((token) => tokenRow(viewer, actionBase, token))}</tbody>
    </table>
  </div>`;
}

function rightsFieldsets(values: TokenFormValues): SafeHtml {
  return html`<div class="rights-grid">${TOKEN_BUCKETS.map(
    (bucket) => html`<fieldset>
      <legend>${bucket}</legend>
      ${CRUD_ACTIONS.map((action) => {
        const id = `right-${bucket}-${action}`;
        const value = `${bucket}.${action}`;
        return html`<div class="check">
          <input type="checkbox" id="${id}" name="rights" value="${value}"${values.rights.has(value) ? html` checked` : ''}>
          <label for="${id}">${ACTION_LABELS[action]}</label>
        </div>`;
      })}
    </fieldset>`,
  )}</div>`;
}

export function tokenCreateForm(
  viewer: Viewer,
  action: string,
  values: TokenFormValues,
  error?: string,
): SafeHtml {
  return html`<section aria-labelledby="new-token-title" class="panel">
    <h2 id="new-token-title">New token</h2>
    ${alertBox(error)}
    <form method="post" action="${action}" class="stack">
      ${csrfField(viewer)}
      <label for="token-name">Name</label>
      <input type="text" id="token-name" name="name" required maxlength="100" value="${values.name}">
      <label for="token-description">Description (optional)</label>
      <input type="text" id="token-description" name="description" maxlength="500" value="${values.description}">
      <label for="token-expires">Expires on (optional; the token stops working at the start of that day, UTC)</label>
      <input type="date" id="token-expires" name="expires_on" value="${values.expiresOn}">
      <p class="muted">Tick what the token may do. It can never do more than you can.</p>
      ${rightsFieldsets(values)}
      <div><button type="submit" class="primary">Create token</button></div>
    </form>
  </section>`;
}
