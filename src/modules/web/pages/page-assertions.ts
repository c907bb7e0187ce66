/** What every reader page must be: served with our CSP, with no inline script, style or handler. */
import { expect } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../security.ts';

/** The page's markup with attribute values blanked, so only real attribute names remain. */
const tagsOnly = (markup: string) => markup.replace(/"[^"]*"/g, '""');

export function expectSafePage(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  expect(tagsOnly(response.body)).not.toMatch(/<[^>]+\s(style|on[a-z]+)\s*=/i);
}
