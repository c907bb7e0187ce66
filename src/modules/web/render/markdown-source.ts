/**
 * Fetching a markdown activity's source on the server, on every view, through the same
 * guard as webhooks (resolve once, refuse private addresses, connect only to vetted ones,
 * https only). One deadline covers redirects, connection and body; the body is capped, and
 * every failure becomes a sentence a learner can read.
 */
import { type Dispatcher, request } from 'undici';
import { DestinationRefused, type OutboundNetwork } from '../../../core/net/outbound-network.ts';
import { createPinnedAgent } from '../../../core/net/pinned-agent.ts';

export interface MarkdownFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_MARKDOWN_LIMITS: MarkdownFetchLimits = {
  timeoutMs: 8_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
};

/** A fetch that failed, with a message meant for the reader. */
export class MarkdownUnavailable extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Code hosts' "view file" pages as their raw file: GitHub `…/blob/…`, GitLab `…/-/blob/…`
 * and Bitbucket `…/src/…` (what the product's reader rewrites too).
 */
export function rawMarkdownUrl(url: URL): URL {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/');
  if (host === 'github.com' && parts[3] === 'blob' && parts.length > 5) {
    const [, owner, repo, , ...rest] = parts;
    return new URL(`https://raw.githubusercontent.com/${owner}/${repo}/${rest.join('/')}`);
  }
  if (host === 'gitlab.com' && url.pathname.includes('/-/blob/')) {
    return new URL(url.href.replace('/-/blob/', '/-/raw/'));
  }
  if (host === 'bitbucket.org' && parts[3] === 'src' && parts.length > 5) {
    const [, owner, repo, , ...rest] = parts;
    return new URL(`https://bitbucket.org/${owner}/${repo}/raw/${rest.join('/')}`);
  }
  return url;
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  maxBytes: number,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new MarkdownUnavailable(`The markdown file is larger than ${Math.round(maxBytes / 1024)} KB.`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

function describeFailure(error: unknown, timedOut: boolean, limits: MarkdownFetchLimits): string {
  if (error instanceof MarkdownUnavailable) return error.message;
  if (timedOut)
    return `The markdown source did not answer within ${Math.round(limits.timeoutMs / 1000)} seconds.`;
  if (error instanceof DestinationRefused) {
    return error.reason === 'unresolvable'
      ? `The markdown host ${error.hostname} could not be found.`
      : 'The markdown address points to a private or local network and is not fetched.';
  }
  return 'The markdown source could not be reached.';
}

async function follow(
  dispatcher: Dispatcher,
  start: URL,
  limits: MarkdownFetchLimits,
  signal: AbortSignal,
): Promise<{ text: string; url: URL }> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'https:') throw new MarkdownUnavailable('Markdown is only fetched over https.');
    const response = await request(url, {
      dispatcher,
      method: 'GET',
      headers: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1' },
      signal,
    });
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
      await response.body.dump();
      if (redirects >= limits.maxRedirects)
        throw new MarkdownUnavailable('The markdown address redirects too often.');
      url = new URL(location, url);
      continue;
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump();
      throw new MarkdownUnavailable(`The markdown could not be fetched (HTTP ${response.statusCode}).`);
    }
    return { text: await readCapped(response.body, limits.maxBytes), url };
  }
}

/** The markdown text and the address it finally came from (relative links resolve against it). */
export async function fetchMarkdown(
  network: OutboundNetwork,
  address: URL,
  limits: MarkdownFetchLimits = DEFAULT_MARKDOWN_LIMITS,
): Promise<{ text: string; url: URL }> {
  const agent = createPinnedAgent(network, { connectTimeoutMs: limits.timeoutMs });
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, limits.timeoutMs);
  try {
    return await follow(agent, rawMarkdownUrl(address), limits, deadline.signal);
  } catch (error) {
    throw new MarkdownUnavailable(describeFailure(error, timedOut, limits));
  } finally {
    clearTimeout(timer);
    await agent.destroy();
  }
}
