/**
 * Nothing a course author writes may run script or style in a learner's page: every hostile
 * input below is escaped, dropped or refused, in page nodes, embed code and markdown.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeEmbedCode } from './embeds.ts';
import { renderMarkdown } from './markdown.ts';
import { render } from './render-test-support.ts';
import { safeLinkHref } from './safe-url.ts';

/** No element an author controls may carry script: no script tags, handlers, srcdoc or script URLs. */
function expectInert(markup: string): void {
  expect(markup).not.toMatch(/<script/i);
  // Attribute values are always double-quoted with quotes escaped inside, so blanking them
  // leaves only real attribute names to look at.
  const tagsWithoutValues = markup.replace(/"[^"]*"/g, '""');
  expect(tagsWithoutValues).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(markup).not.toMatch(/srcdoc/i);
  expect(markup).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
  expect(tagsWithoutValues).not.toMatch(/<[^>]+\sstyle\s*=/i);
}

const BAD_HREFS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

describe('page nodes', () => {
  it('escapes script tags and attribute breakouts in text', () => {
    const out = render(
      {
        type: 'paragraph',
        content: [{ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' }],
      },
      {
        type: 'heading',
        attrs: { level: '1"><script>alert(1)</script>' },
        content: [{ type: 'text', text: 'T' }],
      },
      {
        type: 'codeBlock',
        attrs: { language: '"><script>' },
        content: [{ type: 'text', text: '</code><script>alert(1)</script>' }],
      },
    );
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<h2>T</h2>');
    expectInert(out);
  });

  it.each(BAD_HREFS)('refuses the link target %j (the text stays, the link goes)', (href) => {
    const out = render(
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href } }] }],
      },
      { type: 'button', attrs: { link: href }, content: [{ type: 'text', text: 'Go' }] },
      { type: 'blockWebPreview', attrs: { url: href, title: 'Preview' } },
    );
    expect(out).toContain('<p>click</p>');
    expect(out).not.toContain('<a ');
    expect(safeLinkHref(href)).toBeUndefined();
    expectInert(out);
  });

  it('never lets attributes through as markup', () => {
    const out = render(
      {
        type: 'paragraph',
        attrs: { textAlign: 'center" onclick="alert(1)', class: 'x', style: 'color:red' },
        content: [],
      },
      {
        type: 'blockImage',
        attrs: {
          blockObject: {
            block_uuid: 'block_1',
            block_type: 'BLOCK_IMAGE',
            content: { file_id: 'a" onerror="alert(1)', file_format: 'png' },
          },
        },
      },
      {
        type: 'blockImage',
        attrs: {
          blockObject: {
            block_uuid: 'block_1',
            block_type: 'BLOCK_IMAGE',
            content: { file_id: 'f', file_format: 'png' },
          },
          alt: '" onerror="alert(1)',
          size: { width: '100" onload="x' },
        },
      },
      {
        type: 'flipcard',
        attrs: {
          question: '<img src=x onerror=alert(1)>',
          answer: '<script>1</script>',
          color: 'red" onmouseover="x',
        },
      },
      {
        type: 'badge',
        attrs: { emoji: '<script>', color: '"><script>' },
        content: [{ type: 'text', text: 'b' }],
      },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableCell', attrs: { colspan: '2" onclick="x' }, content: [] }],
          },
        ],
      },
    );
    expect(out).toContain('alt="&quot; onerror=&quot;alert(1)"');
    expectInert(out);
  });

  it('shows unknown nodes as a placeholder, never their attributes or content', () => {
    const out = render(
      { type: 'rawHtml', attrs: { html: '<script>alert(1)</script>' } },
      { type: '<img src=x onerror=alert(1)>', content: [{ type: 'text', text: 'hidden' }] },
      { type: 'blockMagic', attrs: { htmlContent: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' } },
      { type: 'constructor' },
      { type: '__proto__' },
    );
    expect(out).toContain('This part of the page (rawHtml) cannot be shown here.');
    expect(out).toContain('(&lt;img src=x onerror=alert(1)&gt;)');
    expect(out).toContain('(constructor)');
    expect(out).not.toContain('hidden');
    expectInert(out);
  });

  it('drops script-capable math commands: KaTeX renders without trust', () => {
    const out = render(
      { type: 'blockMathEquation', attrs: { math_equation: '\\href{javascript:alert(1)}{x}' } },
      {
        type: 'blockMathEquation',
        attrs: { math_equation: '\\htmlStyle{color:red}{x} \\htmlData{foo=bar}{y}' },
      },
      { type: 'blockMathEquation', attrs: { math_equation: '</annotation><script>alert(1)</script>' } },
    );
    expect(out).not.toContain('javascript:alert(1)"');
    expectInert(out);
  });

  it('frames only https embeds in the sandbox; other schemes are refused', () => {
    const out = render(
      { type: 'blockEmbed', attrs: { embedType: 'url', embedUrl: 'javascript:alert(1)' } },
      {
        type: 'blockEmbed',
        attrs: { embedType: 'url', embedUrl: 'data:text/html,<script>alert(1)</script>' },
      },
      { type: 'blockEmbed', attrs: { embedType: 'url', embedUrl: 'http://plain.example.test/' } },
      {
        type: 'scenarios',
        attrs: { scenarios: [{ id: '1', text: 'x', imageUrl: 'javascript:alert(1)', options: [] }] },
      },
    );
    expect(out.match(/<iframe/g)).toBeNull();
    expect(out).toContain('This embed has no valid address.');
    expect(out).toContain('<a href="http://plain.example.test/"');
    expectInert(out);
  });
});

describe('embed code', () => {
  it('keeps only https iframes, forced into the sandbox, and drops everything that could run', () => {
    const code = [
      '<script>alert(1)</script>',
      '<p onclick="alert(1)" style="color:red">Caption</p>',
      '<iframe src="https://player.example.test/v/1" srcdoc="<script>alert(1)</script>" onload="alert(1)" sandbox="allow-top-navigation allow-scripts" style="position:fixed" height="315"></iframe>',
      '<iframe srcdoc="<script>alert(parent.document.cookie)</script>"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="http://insecure.example.test/"></iframe>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<svg onload="alert(1)"><script>alert(1)</script></svg>',
      '<a href="javascript:alert(1)">link</a>',
      '<form action="https://evil.example.test"><input name="password"></form>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example.test">',
      '<base href="https://evil.example.test/">',
      '<style>body{display:none}</style>',
    ].join('');
    const out = sanitizeEmbedCode(code, 'Embed').value;
    expect(out.match(/<iframe/g)).toHaveLength(1);
    expect(out).toContain('src="https://player.example.test/v/1"');
    expect(out).toContain(
      'sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"',
    );
    expect(out).not.toContain('allow-top-navigation');
    expect(out).toContain('Caption');
    for (const tag of ['<object', '<embed', '<svg', '<a ', '<form', '<input', '<meta', '<base', '<style']) {
      expect(out).not.toContain(tag);
    }
    expectInert(out);
  });

  it('is rendered through the blockEmbed node in code mode', () => {
    const out = render({
      type: 'blockEmbed',
      attrs: {
        embedType: 'code',
        embedCode: '<img src=x onerror=alert(1)><iframe src="https://ok.example.test/"></iframe>',
      },
    });
    expect(out).toContain('src="https://ok.example.test/"');
    expect(out).not.toContain('<img');
    expectInert(out);
  });
});

describe('markdown', () => {
  const base = new URL('https://raw.example.test/docs/lesson.md');

  it('removes raw script, handlers, styles, iframes and script URLs', () => {
    const source = [
      '# Lesson',
      '',
      '<script>alert(1)</script>',
      '<img src="x.png" onerror="alert(1)">',
      '<div style="position:fixed" onclick="alert(1)">Styled</div>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<a href="javascript:alert(1)">raw link</a>',
      '',
      '[md link](javascript:alert(1)) [data](data:text/html,x) <svg onload=alert(1)>',
      '',
      '<form><input name="q"></form><style>*{}</style><object data="x"></object>',
    ].join('\n');
    const out = renderMarkdown(source, base).value;
    expect(out).toContain('<h2>Lesson</h2>');
    expect(out).toContain('Styled');
    expect(out).toContain('<img src="https://raw.example.test/docs/x.png"');
    for (const tag of ['<iframe', '<svg', '<form', '<input', '<style', '<object'])
      expect(out).not.toContain(tag);
    expectInert(out);
  });

  it('loads images over https only and resolves relative references against the file', () => {
    const out = renderMarkdown(
      '![a](http://insecure.example.test/a.png) ![b](img/b.png) [next](part-2.md)',
      base,
    ).value;
    expect(out).not.toContain('insecure.example.test');
    expect(out).toContain('src="https://raw.example.test/docs/img/b.png"');
    expect(out).toContain('href="https://raw.example.test/docs/part-2.md" rel="noopener noreferrer"');
  });
});
