import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keepRawJsonBodies, memberText, rawJsonMember } from './raw-json-body.ts';

describe('memberText', () => {
  it.each([
    ['{"contents":{"a":1}}', 'contents', '{"a":1}'],
    ['  {  "contents" :  { "b" : [1, 2] }  , "x": 1 }', 'contents', '{ "b" : [1, 2] }'],
    ['{"x":"}{\\"contents\\":","contents":{"s":"a\\"}b"}}', 'contents', '{"s":"a\\"}b"}'],
    [
      '{"a":[{"contents":1}],"contents":{"2":1.0,"1":12345678901234567890}}',
      'contents',
      '{"2":1.0,"1":12345678901234567890}',
    ],
    ['{"contents":{"first":1},"contents":{"last":2}}', 'contents', '{"last":2}'],
    ['{"c\\u006fntents":{"escaped":"key"}}', 'contents', '{"escaped":"key"}'],
    ['{"n":-1.5e3,"t":true,"contents":null}', 'contents', 'null'],
    ['{"n":-1.5e3,"t":true}', 'contents', undefined],
    ['\uFEFF{"contents":{}}', 'contents', '{}'],
    ['[{"contents":{}}]', 'contents', undefined],
    ['{}', 'contents', undefined],
  ])('%s', (json, key, expected) => {
    expect(memberText(json, key)).toBe(expected);
  });
});

describe('keepRawJsonBodies', () => {
  it('parses as before and gives back the exact text of a member', async () => {
    const app = Fastify();
    await app.register(async (scoped) => {
      keepRawJsonBodies(scoped);
      scoped.post('/raw', async (request) => {
        if (request.body === undefined) return { parsed: 'no body', raw: null };
        const body = request.body as { contents: unknown };
        return { parsed: body.contents, raw: rawJsonMember(request, 'contents', body.contents) };
      });
    });
    app.post('/plain', async (request) =>
      rawJsonMember(request, 'contents', (request.body as { contents: unknown }).contents),
    );
    const post = (url: string, payload: string) =>
      app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

    const raw = await post('/raw', '{"contents":{"b":1.0,"1":2}}');
    expect(raw.json()).toEqual({ parsed: { 1: 2, b: 1 }, raw: '{"b":1.0,"1":2}' });
    // Other plugins keep the default parser: no text is kept, the value is re-serialized.
    expect((await post('/plain', '{"contents":{"b":1.0}}')).body).toBe('{"b":1}');
    expect((await post('/raw', '{"contents":')).statusCode).toBe(400);
    expect((await post('/raw', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
    // An empty JSON body is no body, as FastAPI treats it.
    expect((await post('/raw', '')).json()).toEqual({ parsed: 'no body', raw: null });
    await app.close();
  });
});
