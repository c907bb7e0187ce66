/**
 * Which author-written URLs may become an `href` or a `src`. A URL is judged the way the
 * browser will read it, by the WHATWG URL parser itself (which, for one, drops tabs and
 * newlines inside a scheme, so `java\tscript:` is `javascript:`).
 */

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const MAX_URL_LENGTH = 4096;
/** Resolves relative references so that they come out as https; never shown or fetched. */
const RELATIVE_BASE = 'https://relative.invalid/';

/** A link target: http(s), mailto, or a relative reference on this site; anything else is refused. */
export function safeLinkHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  if (url === '' || url.length > MAX_URL_LENGTH) return undefined;
  try {
    return LINK_SCHEMES.has(new URL(url, RELATIVE_BASE).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL, normalized by the URL parser, or undefined. */
export function absoluteHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return undefined;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Only https documents may be framed or loaded as images from other hosts: the page's
 * Content-Security-Policy allows nothing else, and a plain-http frame would be blocked anyway.
 */
export function httpsUrl(value: unknown): URL | undefined {
  const url = absoluteHttpUrl(value);
  return url?.protocol === 'https:' ? url : undefined;
}
