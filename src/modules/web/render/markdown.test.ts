import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HttpsReceiver,
  LOOPBACK,
  RECEIVER_HOST,
  receiverNetwork,
  startHttpsReceiver,
  tableResolver,
} from '../../../../test/https-receiver.ts';
import { renderMarkdown, renderMarkdownActivity } from './markdown.ts';
import { DEFAULT_MARKDOWN_LIMITS, rawMarkdownUrl } from './markdown-source.ts';

describe('code host URLs', () => {
  it.each([
    [
      'https://github.com/acme/course/blob/main/docs/intro.md',
      'https://raw.githubusercontent.com/acme/course/main/docs/intro.md',
    ],
    [
      'https://gitlab.com/acme/sub/course/-/blob/v2/intro.md',
      'https://gitlab.com/acme/sub/course/-/raw/v2/intro.md',
    ],
    [
      'https://bitbucket.org/acme/course/src/main/intro.md',
      'https://bitbucket.org/acme/course/raw/main/intro.md',
    ],
    ['https://example.test/notes/intro.md', 'https://example.test/notes/intro.md'],
    ['https://github.com/acme/course', 'https://github.com/acme/course'],
  ])('reads %s from %s', (given, raw) => {
    expect(rawMarkdownUrl(new URL(given)).href).toBe(raw);
  });
});

describe('markdown rendering', () => {
  const base = new URL('https://raw.example.test/lesson.md');

  it('renders GitHub-style markdown with highlighted code, tables and headings under the page title', () => {
    const source = [
      '# Intro',
      '',
      'Some *emphasis*, **strong** and `code`. Visit https://example.test/x',
      '',
      '```js',
      'const answer = 42;',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '1. one',
      '2. two',
    ].join('\n');
    const out = renderMarkdown(source, base).value;
    expect(out).toContain('<div class="markdown-body"><h2>Intro</h2>');
    expect(out).toContain('<em>emphasis</em>');
    expect(out).toContain('<strong>strong</strong>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain(
      '<a href="https://example.test/x" rel="noopener noreferrer">https://example.test/x</a>',
    );
    expect(out).toContain(
      '<pre class="code-block" tabindex="0" aria-label="JavaScript code"><code class="hljs language-js">',
    );
    expect(out).toContain('<span class="hljs-keyword">const</span>');
    expect(out).toContain('<th>a</th>');
    expect(out).toContain('<ol>');
  });
});

describe('markdown activities fetched on the server', () => {
  let receiver: HttpsReceiver;
  const files: Record<string, { status: number; body?: string; headers?: Record<string, string> }> = {
    '/lesson.md': {
      status: 200,
      body: '# From the server\n\n<script>alert(1)</script>Safe text',
      headers: { 'content-type': 'text/markdown' },
    },
    '/moved.md': { status: 302, headers: { location: '/lesson.md' } },
    '/loop.md': { status: 302, headers: { location: '/loop.md' } },
    '/big.md': { status: 200, body: 'x'.repeat(DEFAULT_MARKDOWN_LIMITS.maxBytes + 1) },
  };

  beforeAll(async () => {
    receiver = await startHttpsReceiver((request) => files[request.path] ?? { status: 404, body: 'missing' });
  });
  afterAll(() => receiver.close());

  const render = (url: string) => renderMarkdownActivity(receiverNetwork(receiver), { markdown_url: url });

  it('fetches the file through the guarded client and renders it sanitized', async () => {
    const out = (await render(receiver.url('/lesson.md'))).value;
    expect(out).toContain('<h2>From the server</h2>');
    expect(out).toContain('Safe text');
    expect(out).not.toContain('<script');
  });

  it('fetches again on every view', async () => {
    const before = receiver.received.filter((request) => request.path === '/lesson.md').length;
    await render(receiver.url('/lesson.md'));
    await render(receiver.url('/lesson.md'));
    expect(receiver.received.filter((request) => request.path === '/lesson.md')).toHaveLength(before + 2);
  });

  it('follows a few redirects, and reports a redirect loop', async () => {
    expect((await render(receiver.url('/moved.md'))).value).toContain('From the server');
    expect((await render(receiver.url('/loop.md'))).value).toContain(
      'The markdown address redirects too often.',
    );
  });

  it('shows the HTTP status of a failed fetch inline', async () => {
    const out = (await render(receiver.url('/nothing-here.md'))).value;
    expect(out).toContain(
      '<div class="alert" role="alert"><p>This page could not be loaded. The markdown could not be fetched (HTTP 404).',
    );
  });

  it('stops reading a file over the size cap', async () => {
    expect((await render(receiver.url('/big.md'))).value).toContain(
      'The markdown file is larger than 1024 KB.',
    );
  });

  it('gives up after the deadline', async () => {
    receiver.respondWith(() => ({ status: 200, body: 'late', delayMs: 3_000 }));
    try {
      const out = await renderMarkdownActivity(
        receiverNetwork(receiver),
        { markdown_url: receiver.url('/slow.md') },
        { ...DEFAULT_MARKDOWN_LIMITS, timeoutMs: 300 },
      );
      expect(out.value).toContain('did not answer within');
    } finally {
      receiver.respondWith((request) => files[request.path] ?? { status: 404, body: 'missing' });
    }
  });

  it('refuses private addresses: only tests allow-list the loopback receiver', async () => {
    const unguarded = {
      resolve: tableResolver({ [RECEIVER_HOST]: [LOOPBACK] }),
      ca: receiver.ca,
      allowedAddresses: new Set<string>(),
    };
    const out = (await renderMarkdownActivity(unguarded, { markdown_url: receiver.url('/lesson.md') })).value;
    expect(out).toContain('The markdown address points to a private or local network and is not fetched.');
    const metadata = (
      await renderMarkdownActivity(unguarded, { markdown_url: 'https://169.254.169.254/latest' })
    ).value;
    expect(metadata).toContain('private or local network');
  });

  it('explains an unknown host, a plain-http address and a missing address', async () => {
    const network = receiverNetwork(receiver);
    expect(
      (await renderMarkdownActivity(network, { markdown_url: 'https://nowhere.test/a.md' })).value,
    ).toContain('The markdown host nowhere.test could not be found.');
    expect(
      (await renderMarkdownActivity(network, { markdown_url: 'http://example.test/a.md' })).value,
    ).toContain('Markdown is only fetched over https.');
    expect((await renderMarkdownActivity(network, {})).value).toContain(
      'No markdown address is configured for it.',
    );
  });
});
