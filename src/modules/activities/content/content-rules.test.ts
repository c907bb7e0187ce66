import { describe, expect, it } from 'vitest';
import { ValidationProblem } from '../../../core/errors/http-errors.ts';
import { assertCreatable, isHttpUrl, normalizeContent, normalizeVideoDetails } from './content-rules.ts';
import { ACTIVITY_TYPES, type ActivitySubType, type ActivityType, SUB_TYPES_OF } from './types.ts';

const LOC = ['body', 'content'];

/** The first problem a rule reports, or undefined when it accepts. */
function problem(run: () => unknown) {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationProblem)) throw error;
    expect(error.items).toHaveLength(1);
    return error.items[0];
  }
}

describe('assertCreatable', () => {
  const creatable: [ActivityType, ActivitySubType][] = [
    ['TYPE_DYNAMIC', 'SUBTYPE_DYNAMIC_PAGE'],
    ['TYPE_DYNAMIC', 'SUBTYPE_DYNAMIC_MARKDOWN'],
    ['TYPE_DYNAMIC', 'SUBTYPE_DYNAMIC_EMBED'],
    ['TYPE_VIDEO', 'SUBTYPE_VIDEO_YOUTUBE'],
    ['TYPE_DOCUMENT', 'SUBTYPE_DOCUMENT_PDF'],
    ['TYPE_ASSIGNMENT', 'SUBTYPE_ASSIGNMENT_ANY'],
    ['TYPE_CUSTOM', 'SUBTYPE_CUSTOM'],
  ];
  it.each(creatable)('%s / %s can be created', (type, subType) => {
    expect(problem(() => assertCreatable(type, subType, ['body']))).toBeUndefined();
  });

  const refused: [ActivityType, ActivitySubType, string][] = [
    ['TYPE_SCORM', 'SUBTYPE_SCORM_12', 'activity_type'],
    ['TYPE_SCORM', 'SUBTYPE_SCORM_2004', 'activity_type'],
    ['TYPE_DOCUMENT', 'SUBTYPE_DOCUMENT_DOC', 'activity_sub_type'],
    ['TYPE_VIDEO', 'SUBTYPE_VIDEO_HOSTED', 'activity_sub_type'],
    ['TYPE_CUSTOM', 'SUBTYPE_DYNAMIC_PAGE', 'activity_sub_type'],
    ['TYPE_DYNAMIC', 'SUBTYPE_CUSTOM', 'activity_sub_type'],
    ['TYPE_SCORM', 'SUBTYPE_CUSTOM', 'activity_sub_type'],
  ];
  it.each(refused)('%s / %s is refused at body.%s', (type, subType, field) => {
    expect(problem(() => assertCreatable(type, subType, ['body']))?.loc).toEqual(['body', field]);
  });

  it('every sub-type belongs to exactly one type', () => {
    const owners = ACTIVITY_TYPES.flatMap((type) => SUB_TYPES_OF[type]);
    expect(new Set(owners).size).toBe(owners.length);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.test/a.md', true],
    ['http://example.test', true],
    ['HTTPS://EXAMPLE.TEST/x', true],
    ['ftp://example.test/a.md', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['//example.test/a', false],
    ['example.test', false],
    ['', false],
    [42, false],
    [`https://example.test/${'a'.repeat(5000)}`, false],
  ])('%s → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe('normalizeContent: dynamic pages', () => {
  const text = (value: string, marks?: unknown[]) => ({
    type: 'text',
    text: value,
    ...(marks ? { marks } : {}),
  });
  const doc = (...content: unknown[]) => ({ type: 'doc', content });

  it.each([
    ['strong', [{ type: 'strong' }], [{ type: 'bold' }]],
    ['em', [{ type: 'em' }], [{ type: 'italic' }]],
    [
      'bold and italic unchanged',
      [{ type: 'bold' }, { type: 'italic' }],
      [{ type: 'bold' }, { type: 'italic' }],
    ],
    [
      'link attrs kept',
      [{ type: 'link', attrs: { href: 'https://x.test' } }, { type: 'strong' }],
      [{ type: 'link', attrs: { href: 'https://x.test' } }, { type: 'bold' }],
    ],
    [
      'other editor marks kept',
      [{ type: 'underline' }, { type: 'code' }],
      [{ type: 'underline' }, { type: 'code' }],
    ],
  ])('marks: %s', (_name, marks, expected) => {
    const { content } = normalizeContent(
      'SUBTYPE_DYNAMIC_PAGE',
      doc({ type: 'paragraph', content: [text('x', marks)] }),
      LOC,
    );
    expect((content as { content: { content: { marks: unknown }[] }[] }).content[0].content[0].marks).toEqual(
      expected,
    );
  });

  it('rewrites marks at any depth and leaves the input untouched', () => {
    const input = doc({
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [text('deep', [{ type: 'em' }])] }] },
      ],
    });
    const copy = structuredClone(input);
    const { content } = normalizeContent('SUBTYPE_DYNAMIC_PAGE', input, LOC);
    expect(JSON.stringify(content)).toContain('"italic"');
    expect(JSON.stringify(content)).not.toContain('"em"');
    expect(input).toEqual(copy);
  });

  it('keeps unknown node types and reports each once', () => {
    const input = doc({
      type: 'sparkle',
      content: [{ type: 'sparkle' }, { type: 'glitter', attrs: { x: 1 } }],
    });
    const { content, unknownNodeTypes } = normalizeContent('SUBTYPE_DYNAMIC_PAGE', input, LOC);
    expect(content).toEqual(input);
    expect(unknownNodeTypes.sort()).toEqual(['glitter', 'sparkle']);
  });

  it.each([
    ['an empty object', {}],
    ['an empty document', doc()],
    ['the legacy blocks shape', { blocks: [{ block_uuid: 'b', block_type: 'BLOCK_IMAGE', content: {} }] }],
    [
      'a media node with its blockObject',
      doc({ type: 'blockAudio', attrs: { blockObject: { block_uuid: 'b' } } }),
    ],
    [
      'an image with alignment and size',
      doc({ type: 'blockImage', attrs: { blockObject: {}, alignment: 'right', size: { width: 300 } } }),
    ],
    [
      'a quiz with opaque questions',
      doc({ type: 'blockQuiz', attrs: { quizId: 'q', questions: [{ anything: true }] } }),
    ],
    ['null attrs', doc({ type: 'paragraph', attrs: null })],
  ])('accepts %s', (_name, input) => {
    expect(normalizeContent('SUBTYPE_DYNAMIC_PAGE', input, LOC).content).toEqual(input);
  });

  it.each([
    ['content that is not an object', [], LOC, 'dict_type'],
    ['a root that is not a doc', { type: 'paragraph' }, [...LOC, 'type'], 'value_error'],
    ['a node that is not an object', doc('text'), [...LOC, 'content', 0], 'dict_type'],
    ['a node without a type', doc({ text: 'x' }), [...LOC, 'content', 0, 'type'], 'value_error'],
    [
      'children that are not a list',
      doc({ type: 'paragraph', content: 'x' }),
      [...LOC, 'content', 0, 'content'],
      'list_type',
    ],
    [
      'attrs that are not an object',
      doc({ type: 'heading', attrs: 2 }),
      [...LOC, 'content', 0, 'attrs'],
      'dict_type',
    ],
    [
      'marks that are not a list',
      doc(text('x', 'bold' as never)),
      [...LOC, 'content', 0, 'marks'],
      'list_type',
    ],
    ['a mark without a type', doc(text('x', [{}])), [...LOC, 'content', 0, 'marks', 0], 'value_error'],
    [
      'a text that is not a string',
      doc({ type: 'text', text: 1 }),
      [...LOC, 'content', 0, 'text'],
      'string_type',
    ],
    [
      'blockImage without blockObject',
      doc({ type: 'blockImage', attrs: {} }),
      [...LOC, 'content', 0, 'attrs', 'blockObject'],
      'missing',
    ],
    [
      'blockVideo without attrs',
      doc({ type: 'blockVideo' }),
      [...LOC, 'content', 0, 'attrs', 'blockObject'],
      'missing',
    ],
    [
      'blockPDF with a string blockObject',
      doc({ type: 'blockPDF', attrs: { blockObject: 'x' } }),
      [...LOC, 'content', 0, 'attrs', 'blockObject'],
      'missing',
    ],
    [
      'blockAudio nested without blockObject',
      doc({ type: 'paragraph', content: [{ type: 'blockAudio', attrs: {} }] }),
      [...LOC, 'content', 0, 'content', 0, 'attrs', 'blockObject'],
      'missing',
    ],
    [
      'a bad image alignment',
      doc({ type: 'blockImage', attrs: { blockObject: {}, alignment: 'top' } }),
      [...LOC, 'content', 0, 'attrs', 'alignment'],
      'enum',
    ],
    ['legacy blocks that are not a list', { blocks: {} }, [...LOC, 'blocks'], 'list_type'],
    ['a legacy block that is not an object', { blocks: [1] }, [...LOC, 'blocks', 0], 'dict_type'],
  ])('refuses %s', (_name, input, loc, type) => {
    expect(problem(() => normalizeContent('SUBTYPE_DYNAMIC_PAGE', input, LOC))).toMatchObject({ loc, type });
  });

  it('refuses documents nested deeper than 64 levels', () => {
    let node: Record<string, unknown> = { type: 'paragraph' };
    for (let depth = 0; depth < 70; depth++) node = { type: 'blockquote', content: [node] };
    expect(problem(() => normalizeContent('SUBTYPE_DYNAMIC_PAGE', doc(node), LOC))?.msg).toMatch(/64 levels/);
  });
});

describe('normalizeContent: other sub-types', () => {
  it.each([
    ['SUBTYPE_DYNAMIC_MARKDOWN', { markdown_url: 'https://x.test/a.md' }, undefined],
    ['SUBTYPE_DYNAMIC_MARKDOWN', {}, [...LOC, 'markdown_url']],
    ['SUBTYPE_DYNAMIC_MARKDOWN', { markdown_url: 'file:///etc/passwd' }, [...LOC, 'markdown_url']],
    ['SUBTYPE_DYNAMIC_EMBED', { embed_url: 'http://x.test/frame' }, undefined],
    ['SUBTYPE_DYNAMIC_EMBED', { embed_url: 'javascript:alert(1)' }, [...LOC, 'embed_url']],
    ['SUBTYPE_DYNAMIC_EMBED', { markdown_url: 'https://x.test' }, [...LOC, 'embed_url']],
    ['SUBTYPE_VIDEO_YOUTUBE', {}, undefined],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://youtu.be/x', type: 'youtube' }, undefined],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'vbscript:x' }, [...LOC, 'uri']],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://www.youtube.com/watch?v=x' }, undefined],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://player.vimeo.com/video/1', type: 'vimeo' }, undefined],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://evil.test/watch?v=x', type: 'youtube' }, [...LOC, 'uri']],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://youtube.com.evil.test/x' }, [...LOC, 'uri']],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://youtu.be/x', type: 'vimeo' }, [...LOC, 'uri']],
    ['SUBTYPE_VIDEO_YOUTUBE', { uri: 'https://youtu.be/x', type: 'flash' }, [...LOC, 'type']],
    ['SUBTYPE_VIDEO_YOUTUBE', { type: 'youtube' }, [...LOC, 'uri']],
    ['SUBTYPE_CUSTOM', { anything: [{ type: 'strong' }], em: 1 }, undefined],
    ['SUBTYPE_ASSIGNMENT_ANY', {}, undefined],
  ] as [
    ActivitySubType,
    Record<string, unknown>,
    (string | number)[] | undefined,
  ][])('%s %j', (subType, input, loc) => {
    const found = problem(() => normalizeContent(subType, input, LOC));
    if (loc === undefined) {
      expect(found).toBeUndefined();
      // Everything but pages is stored verbatim.
      expect(normalizeContent(subType, input, LOC).content).toEqual(input);
    } else {
      expect(found?.loc).toEqual(loc);
    }
  });

  it('reports a missing URL as missing and a bad one as url_parsing', () => {
    expect(problem(() => normalizeContent('SUBTYPE_DYNAMIC_MARKDOWN', {}, LOC))?.type).toBe('missing');
    expect(
      problem(() => normalizeContent('SUBTYPE_DYNAMIC_MARKDOWN', { markdown_url: 'x' }, LOC))?.type,
    ).toBe('url_parsing');
  });
});

describe('normalizeVideoDetails', () => {
  const DETAILS = ['body', 'details'];
  it.each([
    [undefined, {}],
    [null, {}],
    [{}, {}],
    [
      { startTime: 0, endTime: null, autoplay: false, muted: true },
      { startTime: 0, endTime: null, autoplay: false, muted: true },
    ],
    [
      { startTime: 1.5, endTime: 90 },
      { startTime: 1.5, endTime: 90 },
    ],
  ])('accepts %j', (input, expected) => {
    expect(normalizeVideoDetails(input, DETAILS)).toEqual(expected);
  });

  it.each([
    [[], DETAILS],
    ['{}', DETAILS],
    [{ startTime: -1 }, [...DETAILS, 'startTime']],
    [{ startTime: '5' }, [...DETAILS, 'startTime']],
    [{ endTime: 'end' }, [...DETAILS, 'endTime']],
    [{ startTime: 10, endTime: 10 }, [...DETAILS, 'endTime']],
    [{ autoplay: 'yes' }, [...DETAILS, 'autoplay']],
    [{ muted: 1 }, [...DETAILS, 'muted']],
  ])('refuses %j', (input, loc) => {
    expect(problem(() => normalizeVideoDetails(input, DETAILS))?.loc).toEqual(loc);
  });
});
