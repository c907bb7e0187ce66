/**
 * Caller-owned JSON kept byte for byte. Some fields (assignment task `contents`, learners'
 * `task_submission`) are stored as the client sent them, not as JavaScript re-serializes
 * them: a round trip through JSON.parse reorders integer-like keys, rewrites `1.0` as `1`
 * and rounds integers beyond 2^53. Routes in a plugin that calls `keepRawJsonBodies` parse
 * JSON exactly as before (same errors, same prototype-poisoning protection) and also keep
 * the body text, from which `rawJsonMember` cuts out one top-level member's value.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { useJsonParser } from './json-body.ts';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Call inside a plugin: its routes' JSON bodies keep their text. */
export function keepRawJsonBodies(app: FastifyInstance): void {
  useJsonParser(app, (request, text) => rawBodies.set(request, text));
}

/**
 * The text of `request.body[key]` as it was sent, when it is a JSON object; otherwise (no
 * JSON body, member absent or not an object) the parsed value re-serialized.
 */
export function rawJsonMember(request: FastifyRequest, key: string, parsed: unknown): string {
  const text = rawBodies.get(request);
  const raw = text === undefined ? undefined : memberText(text, key);
  return raw?.startsWith('{') ? raw : JSON.stringify(parsed);
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\uFEFF']);

function skipWhitespace(json: string, at: number): number {
  let i = at;
  while (i < json.length && WHITESPACE.has(json[i])) i++;
  return i;
}

/** Index just past the string literal starting at `at` (a quote). */
function stringEnd(json: string, at: number): number {
  for (let i = at + 1; i < json.length; i++) {
    if (json[i] === '\\') i++;
    else if (json[i] === '"') return i + 1;
  }
  return json.length;
}

/** Index just past the value starting at `at`. */
function valueEnd(json: string, at: number): number {
  const first = json[at];
  if (first === '"') return stringEnd(json, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < json.length; i++) {
      const char = json[i];
      if (char === '"') i = stringEnd(json, i) - 1;
      else if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return json.length;
  }
  let i = at;
  while (i < json.length && !WHITESPACE.has(json[i]) && json[i] !== ',' && json[i] !== '}') i++;
  return i;
}

/**
 * The exact text of top-level member `key` of `json`, which must be valid JSON (it has
 * already been parsed). With duplicate keys the last one wins, as in JSON.parse.
 */
export function memberText(json: string, key: string): string | undefined {
  let i = skipWhitespace(json, 0);
  if (json[i] !== '{') return undefined;
  i = skipWhitespace(json, i + 1);
  let found: string | undefined;
  while (i < json.length && json[i] === '"') {
    const keyEnd = stringEnd(json, i);
    const name = JSON.parse(json.slice(i, keyEnd)) as string;
    const valueStart = skipWhitespace(json, skipWhitespace(json, keyEnd) + 1);
    const end = valueEnd(json, valueStart);
    if (name === key) found = json.slice(valueStart, end);
    i = skipWhitespace(json, end);
    if (json[i] === ',') i = skipWhitespace(json, i + 1);
  }
  return found;
}
