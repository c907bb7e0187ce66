/** The webhooks section's pieces: the list, the endpoint form with the event catalogue, the delivery log. */
import { EVENT_CATEGORIES } from '../../../core/events/catalogue.ts';
import { catalogueView } from '../../webhooks/catalogue-view.ts';
import type { WebhookDeliveryAttempt, WebhookEndpoint } from '../../webhooks/present.ts';
import { alertBox, csrfField } from '../forms.ts';
import { html, type SafeHtml } from '../html.ts';
import type { Viewer } from '../viewer.ts';

export interface EndpointFormValues {
  url: string;
  description: string;
  events: Set<string>;
  isActive: boolean;
}

export const EMPTY_ENDPOINT_FORM: EndpointFormValues = {
  url: '',
  description: '',
  events: new Set(),
  isActive: true,
};

/** Subscribable events (never `ping`, which only the test action sends), by category in catalogue order. */
function eventsByCategory() {
  const events = Object.entries(catalogueView().events).filter(([name]) => name !== 'ping');
  return EVENT_CATEGORIES.map((category) => ({
    category,
    events: events.filter(([, event]) => event.category === category),
  })).filter((group) => group.events.length > 0);
}

function eventFieldsets(values: EndpointFormValues): SafeHtml {
  return html`<div class="events-grid">${eventsByCategory().map(
    ({ category, events }, g) => html`<fieldset>
      <legend>${category}</legend>
      ${events.map(([name, event], e) => {
        const id = `event-${g}-${e}`;
        return html`<div class="check">
          <input type="checkbox" id="${id}" name="events" value="${name}"${values.events.has(name) ? html` checked` : ''} aria-describedby="${id}-about">
          <label for="${id}"><code>${name}</code></label>
          <p class="muted" id="${id}-about">${event.description}</p>
        </div>`;
      })}
    </fieldset>`,
  )}</div>`;
}

export function endpointForm(
  viewer: Viewer,
  options: {
    action: string;
    submitLabel: string;
    values: EndpointFormValues;
    withActiveFlag: boolean;
    error?: string;
  },
): SafeHtml {
  const { values } = options;
  return html`${alertBox(options.error)}
    <form method="post" action="${options.action}" class="stack">
      ${csrfField(viewer)}
      <label for="webhook-url">URL (https only)</label>
      <input type="url" id="webhook-url" name="url" required maxlength="2048" value="${values.url}" placeholder="https://example.com/hooks">
      <label for="webhook-description">Description (optional)</label>
      <input type="text" id="webhook-description" name="description" maxlength="500" value="${values.description}">
      ${
        options.withActiveFlag
          ? html`<div class="check">
              <input type="checkbox" id="webhook-active" name="is_active" value="true"${values.isActive ? html` checked` : ''}>
              <label for="webhook-active">Active (an inactive webhook receives nothing)</label>
            </div>`
          : ''
      }
      <p class="muted">Choose the events to receive.</p>
      ${eventFieldsets(values)}
      <div><button type="submit" class="primary">${options.submitLabel}</button></div>
    </form>`;
}

export function endpointList(endpoints: WebhookEndpoint[], detailHref: (uuid: string) => string): SafeHtml {
  if (endpoints.length === 0) return html`<p>No webhooks yet.</p>`;
  return html`<div class="table-scroll">
    <table class="data stack-narrow">
      <caption class="visually-hidden">Webhooks</caption>
      <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
      <tbody>${endpoints.map(
        (endpoint) => html`<tr>
          <th scope="row"><a href="${detailHref(endpoint.webhook_uuid)}">${endpoint.url}</a>${endpoint.description ? html`<br><span class="muted">${endpoint.description}</span>` : ''}</th>
          <td data-label="Events">${endpoint.events.length === 0 ? 'None' : endpoint.events.join(', ')}</td>
          <td data-label="Status">${endpoint.is_active ? html`<span class="status done">Active</span>` : html`<span class="status">Inactive</span>`}</td>
          <td data-label="Created">${endpoint.creation_date}</td>
        </tr>`,
      )}</tbody>
    </table>
  </div>`;
}

function attemptRow(
  viewer: Viewer,
  redeliverHref: (deliveryId: string) => string,
  attempt: WebhookDeliveryAttempt,
): SafeHtml {
  return html`<tr>
    <td data-label="When (UTC)">${attempt.created_at}</td>
    <td data-label="Event"><code>${attempt.event}</code></td>
    <td data-label="Delivery"><code class="delivery-id">${attempt.delivery_id}</code></td>
    <td data-label="Attempt">${attempt.attempt}</td>
    <td data-label="HTTP status">${attempt.http_status ?? '—'}</td>
    <td data-label="Result">${attempt.success ? html`<span class="status done">Succeeded</span>` : html`<span class="status failed">Failed</span>`}</td>
    <td data-label="Duration">${attempt.duration_ms} ms</td>
    <td data-label="Response excerpt">${
      attempt.response_body
        ? html`<details><summary>Response</summary><pre class="excerpt">${attempt.response_body}</pre></details>`
        : html`<span class="muted">None</span>`
    }</td>
    <td data-label="Error">${attempt.error_message ?? ''}</td>
    <td data-label="Actions"><form method="post" action="${redeliverHref(attempt.delivery_id)}">
      ${csrfField(viewer)}
      <button type="submit">Redeliver<span class="visually-hidden"> ${attempt.event} ${attempt.delivery_id}</span></button>
    </form></td>
  </tr>`;
}

export function deliveryLog(
  viewer: Viewer,
  attempts: WebhookDeliveryAttempt[],
  redeliverHref: (deliveryId: string) => string,
): SafeHtml {
  if (attempts.length === 0) return html`<p>No deliveries yet. Send a test ping to see one here.</p>`;
  return html`<div class="table-scroll">
    <table class="data deliveries stack-narrow">
      <caption class="visually-hidden">Delivery attempts, newest first</caption>
      <thead><tr>
        <th scope="col">When (UTC)</th><th scope="col">Event</th><th scope="col">Delivery</th><th scope="col">Attempt</th>
        <th scope="col">HTTP status</th><th scope="col">Result</th><th scope="col">Duration</th><th scope="col">Response excerpt</th>
        <th scope="col">Error</th><th scope="col">Actions</th>
      </tr></thead>
      <tbody>${attempts.map((attempt) => attemptRow(viewer, redeliverHref, attempt))}</tbody>
    </table>
  </div>`;
}
