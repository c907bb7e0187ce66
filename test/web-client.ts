/**
 * A browser stand-in for page tests: keeps cookies across requests made with `inject`, and
 * puts a valid CSRF token into every form it posts, as a browser submitting our forms would.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.ts';

const CSRF_INPUT = /name="_csrf" value="([^"]+)"/;

export class WebClient {
  private readonly cookies = new Map<string, string>();
  private csrf?: string;

  constructor(private readonly t: TestApp) {}

  /** A client already signed in with a session token (as after the sign-in form). */
  static withSession(t: TestApp, accessToken: string): WebClient {
    const client = new WebClient(t);
    client.cookies.set('access_token_cookie', accessToken);
    return client;
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.remember(await this.t.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader } }));
  }

  /** The token forms carry; any page with a form has one, the sign-in page always does. */
  async csrfToken(): Promise<string> {
    if (!this.csrf) {
      const page = await this.get('/sign-in');
      const match = CSRF_INPUT.exec(page.body);
      if (!match) throw new Error('no CSRF token on /sign-in');
      this.csrf = match[1];
    }
    return this.csrf;
  }

  async post(url: string, fields: Record<string, string | string[]> = {}): Promise<LightMyRequestResponse> {
    const form = new URLSearchParams();
    form.append('_csrf', await this.csrfToken());
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    return this.remember(
      await this.t.inject({
        method: 'POST',
        url,
        payload: form.toString(),
        headers: { cookie: this.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
  }
}
