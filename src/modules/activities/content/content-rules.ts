/**
 * What an activity may contain (spec §2.3, §2.4). Dynamic pages are rich-text documents
 * (or the legacy `{blocks: [...]}` shape); `strong`/`em` marks are rewritten to
 * `bold`/`italic`; unknown node types are kept and reported so the caller can log them;
 * media nodes must carry their `blockObject`. Markdown and embeds need an http(s) URL.
 * Custom content is stored verbatim. Problems are 422s located inside the body.
 */
import { invalid, ValidationProblem } from '../../../core/errors/http-errors.ts';
import { type ActivitySubType, type ActivityType, SUB_TYPES_OF } from './types.ts';

type Json = Record<string, unknown>;
type Location = (string | number)[];

export const KNOWN_NODE_TYPES = new Set([
  'doc',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
  'horizontalRule',
  'hardBreak',
  'text',
  'blockquote',
  'callout',
  'calloutInfo',
  'calloutWarning',
  'blockImage',
  'blockVideo',
  'blockPDF',
  'blockAudio',
  'blockMathEquation',
  'blockEmbed',
  'blockQuiz',
  'blockUser',
  'blockWebPreview',
  'flipcard',
  'scenarios',
  'button',
  'badge',
  'youtube',
]);

const MEDIA_NODES = new Set(['blockImage', 'blockVideo', 'blockPDF', 'blockAudio']);
const MARK_ALIASES: Record<string, string> = { strong: 'bold', em: 'italic' };
const MAX_NODES = 50_000;
const MAX_DEPTH = 64;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Creating through the generic endpoint: some sub-types have their own endpoint or none at all. */
export function assertCreatable(type: ActivityType, subType: ActivitySubType, loc: Location): void {
  assertTypePair(type, subType, loc);
  if (type === 'TYPE_SCORM')
    throw invalid([...loc, 'activity_type'], 'SCORM activities cannot be created', type);
  if (subType === 'SUBTYPE_DOCUMENT_DOC') {
    throw invalid(
      [...loc, 'activity_sub_type'],
      'SUBTYPE_DOCUMENT_DOC is reserved and cannot be created',
      subType,
    );
  }
  if (subType === 'SUBTYPE_VIDEO_HOSTED') {
    throw invalid(
      [...loc, 'activity_sub_type'],
      'Hosted videos are created with POST /activities/video',
      subType,
    );
  }
}

export function assertTypePair(type: ActivityType, subType: ActivitySubType, loc: Location): void {
  if (!SUB_TYPES_OF[type].includes(subType)) {
    throw invalid(
      [...loc, 'activity_sub_type'],
      `${subType} is not a sub-type of ${type} (expected one of ${SUB_TYPES_OF[type].join(', ')})`,
      subType,
    );
  }
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 4096) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The hosts of each external video player (`content.type` of a SUBTYPE_VIDEO_YOUTUBE activity). */
export const VIDEO_PLAYER_HOSTS = {
  youtube: ['youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com', 'player.vimeo.com'],
} as const;
export type VideoPlayer = keyof typeof VIDEO_PLAYER_HOSTS;

/** An http(s) URL on one of the player's own hosts (look-alike hosts and other schemes refused). */
export function isPlayerUrl(value: unknown, player: VideoPlayer): boolean {
  if (!isHttpUrl(value)) return false;
  const host = new URL(value).hostname.replace(/^www\./, '');
  return (VIDEO_PLAYER_HOSTS[player] as readonly string[]).includes(host);
}

const PLAYER_NAMES: Record<VideoPlayer, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/** External video content `{uri, type}`: the type (default youtube) names the player the uri must belong to. */
function requirePlayerUrl(content: Json, loc: Location): void {
  const player = content.type ?? 'youtube';
  if (player !== 'youtube' && player !== 'vimeo') {
    throw new ValidationProblem([
      {
        type: 'enum',
        loc: [...loc, 'type'],
        msg: "Input should be 'youtube' or 'vimeo'",
        input: player,
        ctx: { expected: "'youtube' or 'vimeo'" },
      },
    ]);
  }
  if (!isPlayerUrl(content.uri, player)) {
    throw new ValidationProblem([
      {
        type: content.uri === undefined ? 'missing' : 'url_parsing',
        loc: [...loc, 'uri'],
        msg: `uri must be a ${PLAYER_NAMES[player]} URL`,
        input: content.uri ?? null,
      },
    ]);
  }
}

interface PageWalk {
  nodes: number;
  unknown: Set<string>;
}

function normalizeMarks(marks: unknown, loc: Location): Json[] {
  if (!Array.isArray(marks)) throw invalid(loc, 'marks must be a list', marks, 'list_type');
  return marks.map((mark, index) => {
    if (!isObject(mark) || typeof mark.type !== 'string') {
      throw invalid([...loc, index], 'A mark is an object with a string type', mark);
    }
    const type = MARK_ALIASES[mark.type] ?? mark.type;
    if (type === 'link' && mark.attrs !== undefined && !isObject(mark.attrs)) {
      throw invalid([...loc, index, 'attrs'], 'attrs must be an object', mark.attrs, 'dict_type');
    }
    return type === mark.type ? mark : { ...mark, type };
  });
}

function normalizeNode(node: unknown, loc: Location, walk: PageWalk, depth: number): Json {
  if (!isObject(node)) throw invalid(loc, 'A node is an object', node, 'dict_type');
  if (typeof node.type !== 'string' || node.type === '')
    throw invalid([...loc, 'type'], 'A node needs a string type', node.type);
  if (++walk.nodes > MAX_NODES) throw invalid(loc, `A page may hold at most ${MAX_NODES} nodes`, null);
  if (depth > MAX_DEPTH) throw invalid(loc, `Nodes may nest at most ${MAX_DEPTH} levels deep`, null);
  if (!KNOWN_NODE_TYPES.has(node.type)) walk.unknown.add(node.type);
  if (node.attrs !== undefined && node.attrs !== null && !isObject(node.attrs)) {
    throw invalid([...loc, 'attrs'], 'attrs must be an object', node.attrs, 'dict_type');
  }
  if (MEDIA_NODES.has(node.type) && !isObject((node.attrs as Json | undefined)?.blockObject)) {
    throw invalid(
      [...loc, 'attrs', 'blockObject'],
      `${node.type} needs attrs.blockObject (the uploaded block)`,
      null,
      'missing',
    );
  }
  if (node.type === 'blockImage') {
    const alignment = (node.attrs as Json).alignment;
    if (
      alignment !== undefined &&
      alignment !== null &&
      !['center', 'left', 'right'].includes(alignment as string)
    ) {
      throw invalid(
        [...loc, 'attrs', 'alignment'],
        "alignment must be 'center', 'left' or 'right'",
        alignment,
        'enum',
      );
    }
  }
  if (node.text !== undefined && typeof node.text !== 'string') {
    throw invalid([...loc, 'text'], 'text must be a string', node.text, 'string_type');
  }
  const normalized: Json = { ...node };
  if (node.marks !== undefined) normalized.marks = normalizeMarks(node.marks, [...loc, 'marks']);
  if (node.content !== undefined) {
    if (!Array.isArray(node.content))
      throw invalid([...loc, 'content'], 'content must be a list of nodes', node.content, 'list_type');
    normalized.content = node.content.map((child, index) =>
      normalizeNode(child, [...loc, 'content', index], walk, depth + 1),
    );
  }
  return normalized;
}

function normalizePage(content: Json, loc: Location): { content: Json; unknownNodeTypes: string[] } {
  if (Object.keys(content).length === 0) return { content, unknownNodeTypes: [] };
  if (content.blocks !== undefined && content.type === undefined) {
    if (!Array.isArray(content.blocks))
      throw invalid([...loc, 'blocks'], 'blocks must be a list', content.blocks, 'list_type');
    content.blocks.forEach((block, index) => {
      if (!isObject(block))
        throw invalid([...loc, 'blocks', index], 'A block is an object', block, 'dict_type');
    });
    return { content, unknownNodeTypes: [] };
  }
  if (content.type !== 'doc') {
    throw invalid(
      [...loc, 'type'],
      "A page is a document {type: 'doc', content: [...]} or {blocks: [...]}",
      content.type,
    );
  }
  const walk: PageWalk = { nodes: 0, unknown: new Set() };
  const normalized = normalizeNode(content, loc, walk, 0);
  return { content: normalized, unknownNodeTypes: [...walk.unknown] };
}

function requireUrl(content: Json, key: string, loc: Location): void {
  if (!isHttpUrl(content[key])) {
    throw new ValidationProblem([
      {
        type: content[key] === undefined ? 'missing' : 'url_parsing',
        loc: [...loc, key],
        msg: `${key} must be an http(s) URL`,
        input: content[key] ?? null,
      },
    ]);
  }
}

export interface NormalizedContent {
  content: Json;
  /** Node types the renderer does not know; kept, and worth a log line. */
  unknownNodeTypes: string[];
}

/** Validates and normalizes `content` for the sub-type. `loc` points at the content in the request. */
export function normalizeContent(
  subType: ActivitySubType,
  content: unknown,
  loc: Location,
): NormalizedContent {
  if (!isObject(content)) throw invalid(loc, 'content must be an object', content, 'dict_type');
  switch (subType) {
    case 'SUBTYPE_DYNAMIC_PAGE':
      return normalizePage(content, loc);
    case 'SUBTYPE_DYNAMIC_MARKDOWN':
      requireUrl(content, 'markdown_url', loc);
      return { content, unknownNodeTypes: [] };
    case 'SUBTYPE_DYNAMIC_EMBED':
      requireUrl(content, 'embed_url', loc);
      return { content, unknownNodeTypes: [] };
    case 'SUBTYPE_VIDEO_YOUTUBE':
      if (Object.keys(content).length > 0) requirePlayerUrl(content, loc);
      return { content, unknownNodeTypes: [] };
    default:
      return { content, unknownNodeTypes: [] };
  }
}

/** The video `details` object (spec §2.3): startTime, endTime, autoplay, muted. */
export function normalizeVideoDetails(details: unknown, loc: Location): Json {
  if (details === undefined || details === null) return {};
  if (!isObject(details)) throw invalid(loc, 'details must be an object', details, 'dict_type');
  const { startTime, endTime, autoplay, muted } = details;
  if (
    startTime !== undefined &&
    (typeof startTime !== 'number' || !Number.isFinite(startTime) || startTime < 0)
  ) {
    throw invalid(
      [...loc, 'startTime'],
      'startTime must be a number of seconds (≥ 0)',
      startTime,
      'float_parsing',
    );
  }
  if (endTime !== undefined && endTime !== null) {
    if (typeof endTime !== 'number' || !Number.isFinite(endTime) || endTime < 0) {
      throw invalid(
        [...loc, 'endTime'],
        'endTime must be a number of seconds or null',
        endTime,
        'float_parsing',
      );
    }
    if (typeof startTime === 'number' && endTime <= startTime) {
      throw invalid([...loc, 'endTime'], 'endTime must be after startTime', endTime);
    }
  }
  for (const [key, value] of Object.entries({ autoplay, muted })) {
    if (value !== undefined && typeof value !== 'boolean')
      throw invalid([...loc, key], `${key} must be true or false`, value, 'bool_parsing');
  }
  return details;
}
