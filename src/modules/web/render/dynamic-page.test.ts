import { describe, expect, it } from 'vitest';
import { renderDynamicPage, userIdsIn } from './dynamic-page.ts';
import { createRenderContext } from './render-context.ts';
import {
  ACTIVITY,
  BLOCK,
  BLOCKS_ROOT,
  blockObject,
  COURSE,
  FILE_ID,
  ORG,
  paragraph,
  render,
  text,
} from './render-test-support.ts';

describe('rich-text nodes', () => {
  it('renders paragraphs, headings one level below the page title, breaks and rules', () => {
    const out = render(
      { type: 'heading', attrs: { level: 1 }, content: [text('Cells')] },
      { type: 'heading', attrs: { level: 3 }, content: [text('Nucleus')] },
      { type: 'heading', attrs: { level: 6 }, content: [text('Deepest')] },
      {
        type: 'paragraph',
        attrs: { textAlign: 'center' },
        content: [text('One'), { type: 'hardBreak' }, text('Two')],
      },
      { type: 'horizontalRule' },
      { type: 'blockquote', content: [paragraph(text('Quoted'))] },
    );
    expect(out).toContain('<h2>Cells</h2>');
    expect(out).toContain('<h4>Nucleus</h4>');
    expect(out).toContain('<h6>Deepest</h6>');
    expect(out).toContain('<p class="text-center">One<br>Two</p>');
    expect(out).toContain('<hr>');
    expect(out).toContain('<blockquote><p>Quoted</p></blockquote>');
  });

  it('renders bullet and ordered lists with their start number', () => {
    const item = (value: string) => ({ type: 'listItem', content: [paragraph(text(value))] });
    const out = render(
      { type: 'bulletList', content: [item('apple'), item('pear')] },
      { type: 'orderedList', attrs: { start: 3 }, content: [item('third')] },
    );
    expect(out).toContain('<ul><li><p>apple</p></li><li><p>pear</p></li></ul>');
    expect(out).toContain('<ol start="3"><li><p>third</p></li></ol>');
  });

  it('renders marks, with strong/em as bold/italic and the first mark outermost', () => {
    const out = render(
      paragraph(
        text('b', [{ type: 'bold' }]),
        text('s', [{ type: 'strong' }]),
        text('i', [{ type: 'italic' }]),
        text('e', [{ type: 'em' }]),
        text('c', [{ type: 'code' }]),
        text('x', [{ type: 'strike' }]),
        text('u', [{ type: 'underline' }]),
        text('h', [{ type: 'highlight' }]),
        text('2', [{ type: 'superscript' }]),
        text('n', [{ type: 'subscript' }]),
        text('both', [{ type: 'link', attrs: { href: 'https://example.test/a' } }, { type: 'bold' }]),
        text('plain', [{ type: 'textStyle', attrs: { color: 'red' } }]),
      ),
    );
    expect(out).toContain('<strong>b</strong><strong>s</strong><em>i</em><em>e</em><code>c</code>');
    expect(out).toContain('<s>x</s><u>u</u><mark>h</mark><sup>2</sup><sub>n</sub>');
    expect(out).toContain(
      '<a href="https://example.test/a" rel="noopener noreferrer"><strong>both</strong></a>',
    );
    expect(out).toContain('plain</p>');
  });

  it('accepts mailto and relative link targets', () => {
    const out = render(
      paragraph(
        text('mail', [{ type: 'link', attrs: { href: 'mailto:help@example.test' } }]),
        text('here', [{ type: 'link', attrs: { href: '/orgs/a/courses/b' } }]),
      ),
    );
    expect(out).toContain('href="mailto:help@example.test"');
    expect(out).toContain('href="/orgs/a/courses/b"');
  });

  it('highlights code blocks on the server and labels them', () => {
    const out = render({
      type: 'codeBlock',
      attrs: { language: 'python' },
      content: [text('def area(r):\n    return 3.14 * r * r')],
    });
    expect(out).toContain('<pre class="code-block" tabindex="0" aria-label="Python code">');
    expect(out).toContain('<code class="hljs language-python">');
    expect(out).toContain('<span class="hljs-keyword">def</span>');
    const unknownLanguage = render({
      type: 'codeBlock',
      attrs: { language: 'nope' },
      content: [text('a < b')],
    });
    expect(unknownLanguage).toContain('aria-label="Code"><code class="hljs">a &lt; b</code>');
  });

  it('renders tables with header cells and spans', () => {
    const cell = (type: string, value: string, attrs?: unknown) => ({
      type,
      attrs,
      content: [paragraph(text(value))],
    });
    const out = render({
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Name'), cell('tableHeader', 'Role')] },
        { type: 'tableRow', content: [cell('tableCell', 'Ada', { colspan: 2, rowspan: 1 })] },
      ],
    });
    expect(out).toContain(
      '<table class="content-table"><tbody><tr><th><p>Name</p></th><th><p>Role</p></th></tr>',
    );
    expect(out).toContain('<tr><td colspan="2"><p>Ada</p></td></tr>');
  });

  it('renders callouts: legacy info and warning, and callout with a type', () => {
    const out = render(
      { type: 'calloutInfo', content: [paragraph(text('Heads up'))] },
      { type: 'calloutWarning', content: [paragraph(text('Careful'))] },
      { type: 'callout', attrs: { type: 'success' }, content: [paragraph(text('Nice'))] },
      { type: 'callout', attrs: { type: 'made-up' }, content: [paragraph(text('Plain'))] },
    );
    expect(out).toMatch(
      /<div class="callout callout-info" role="note">\s*<p class="callout-label">Note<\/p>\s*<p>Heads up<\/p>/,
    );
    expect(out).toMatch(
      /callout-warning" role="note">\s*<p class="callout-label">Warning<\/p>\s*<p>Careful<\/p>/,
    );
    expect(out).toMatch(/callout-success" role="note">\s*<p class="callout-label">Tip<\/p>\s*<p>Nice<\/p>/);
    expect(out).toMatch(/callout-info" role="note">\s*<p class="callout-label">Note<\/p>\s*<p>Plain<\/p>/);
  });
});

describe('media nodes', () => {
  it('renders an image from our content URL with its width and alignment as attribute and class', () => {
    const out = render({
      type: 'blockImage',
      attrs: { blockObject: blockObject('BLOCK_IMAGE', 'png'), size: { width: 320 }, alignment: 'right' },
    });
    expect(out).toContain('<figure class="media media-image align-right">');
    expect(out).toContain(
      `<img src="${BLOCKS_ROOT}/imageBlock/${BLOCK}/${FILE_ID}.png" alt="cell diagram" width="320"`,
    );
    expect(out).not.toContain('style=');
    const described = render({
      type: 'blockImage',
      attrs: { blockObject: blockObject('BLOCK_IMAGE', 'png'), alt: 'A plant cell' },
    });
    expect(described).toContain('alt="A plant cell"');
    expect(described).toContain('align-center');
  });

  it('renders video with start, end, autoplay and muted when given', () => {
    const out = render({
      type: 'blockVideo',
      attrs: {
        blockObject: blockObject('BLOCK_VIDEO', 'mp4', 'intro.mp4'),
        startTime: 5,
        endTime: 30,
        autoplay: true,
        muted: true,
      },
    });
    expect(out).toContain(`src="${BLOCKS_ROOT}/videoBlock/${BLOCK}/${FILE_ID}.mp4#t=5,30" autoplay muted`);
    const plain = render({ type: 'blockVideo', attrs: { blockObject: blockObject('BLOCK_VIDEO', 'mp4') } });
    expect(plain).toContain(`${FILE_ID}.mp4"`);
    expect(plain).not.toContain('autoplay');
  });

  it('renders a PDF viewer with a download link, and an audio player', () => {
    const pdf = render({
      type: 'blockPDF',
      attrs: { blockObject: blockObject('BLOCK_DOCUMENT_PDF', 'pdf', 'notes.pdf') },
    });
    expect(pdf).toContain(
      `<iframe class="pdf-frame" src="${BLOCKS_ROOT}/pdfBlock/${BLOCK}/${FILE_ID}.pdf" title="PDF document: notes.pdf"`,
    );
    expect(pdf).toContain('download="notes.pdf">Download notes.pdf</a>');
    const audio = render({
      type: 'blockAudio',
      attrs: { blockObject: blockObject('BLOCK_AUDIO', 'mp3', 'talk.mp3') },
    });
    expect(audio).toContain(
      `<audio controls preload="metadata" src="${BLOCKS_ROOT}/audioBlock/${BLOCK}/${FILE_ID}.mp3" aria-label="Audio: talk.mp3">`,
    );
  });

  it('shows a note for a media block whose file cannot be addressed', () => {
    const broken = { ...blockObject('BLOCK_IMAGE', 'png'), block_uuid: '../../secrets' };
    const out = render({ type: 'blockImage', attrs: { blockObject: broken } });
    expect(out).toContain('This image is not available.');
    expect(out).not.toContain('secrets');
  });

  it('renders math with KaTeX as MathML, and a readable note for invalid LaTeX', () => {
    const out = render({ type: 'blockMathEquation', attrs: { math_equation: '\\frac{a}{b}' } });
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(out).toContain('<mfrac><mi>a</mi><mi>b</mi></mfrac>');
    expect(out).not.toContain('style=');
    const invalid = render({ type: 'blockMathEquation', attrs: { math_equation: '\\frac{' } });
    expect(invalid).toContain('This equation could not be shown');
    expect(invalid).toContain('<pre><code>\\frac{</code></pre>');
  });

  it('frames an embed URL in the sandbox with its height, and a YouTube node with its start', () => {
    const out = render({
      type: 'blockEmbed',
      attrs: { embedUrl: 'https://example.test/widget', embedType: 'url', embedHeight: 420 },
    });
    expect(out).toContain('src="https://example.test/widget"');
    expect(out).toContain(
      'sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"',
    );
    expect(out).toContain('height="420"');
    const youtube = render({
      type: 'youtube',
      attrs: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', start: 12 },
    });
    expect(youtube).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=12&amp;rel=0"');
  });
});

describe('page shapes', () => {
  it('renders the legacy {blocks: [...]} shape as media blocks', () => {
    const context = createRenderContext({
      orgUuid: ORG,
      courseUuid: COURSE,
      activityUuid: ACTIVITY,
      users: new Map(),
    });
    const out = renderDynamicPage(
      {
        blocks: [
          { block_uuid: BLOCK, block_type: 'BLOCK_IMAGE', content: { file_id: FILE_ID, file_format: 'jpg' } },
          {
            block_uuid: BLOCK,
            block_type: 'BLOCK_DOCUMENT_PDF',
            content: { file_id: FILE_ID, file_format: 'pdf' },
          },
          { block_uuid: BLOCK, block_type: 'BLOCK_QUIZ', content: {} },
        ],
      },
      context,
    ).value;
    expect(out).toContain(`<img src="${BLOCKS_ROOT}/imageBlock/${BLOCK}/${FILE_ID}.jpg"`);
    expect(out).toContain(`src="${BLOCKS_ROOT}/pdfBlock/${BLOCK}/${FILE_ID}.pdf"`);
    expect(out).toContain('This block is not available.');
  });

  it('says so when a page is empty', () => {
    const context = createRenderContext({
      orgUuid: ORG,
      courseUuid: COURSE,
      activityUuid: ACTIVITY,
      users: new Map(),
    });
    expect(renderDynamicPage({}, context).value).toContain('This page is empty.');
    expect(renderDynamicPage({ type: 'doc', content: [] }, context).value).toContain('This page is empty.');
  });

  it('collects the user ids that user blocks name, however deep', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'blockUser', attrs: { user_id: 3 } },
        { type: 'callout', content: [{ type: 'blockUser', attrs: { user_id: '9' } }] },
        { type: 'blockUser', attrs: { user_id: 3 } },
        { type: 'blockUser', attrs: { user_id: 'nobody' } },
      ],
    };
    expect(userIdsIn(doc).sort()).toEqual([3, 9]);
  });
});
