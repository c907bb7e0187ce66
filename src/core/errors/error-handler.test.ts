import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Nullable, StringEnum } from '../http/schemas.ts';
import { registerErrorHandling } from './error-handler.ts';
import { forbidden } from './http-errors.ts';

const app = Fastify({
  ajv: {
    customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true },
  },
  routerOptions: { ignoreTrailingSlash: true },
});

beforeAll(async () => {
  registerErrorHandling(app);
  app.post(
    '/things/:thing_id',
    {
      schema: {
        params: Type.Object({ thing_id: Type.Integer() }),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        body: Type.Object({
          name: Type.String({ minLength: 1 }),
          activity_type: StringEnum(['TYPE_VIDEO', 'TYPE_DYNAMIC']),
          count: Type.Optional(Type.Integer()),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/forbidden', async () => {
    throw forbidden('Nope');
  });
  app.get('/boom', async () => {
    throw new Error('secret stack detail');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, url = '/things/1') =>
  app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

describe('HTTP error conventions', () => {
  it('malformed JSON is a 422 json_invalid item', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({
      type: 'json_invalid',
      loc: ['body', 0],
      msg: 'JSON decode error',
    });
  });

  it('reports every problem with FastAPI locations, messages and inputs', async () => {
    const response = await post(JSON.stringify({ activity_type: 'TYPE_NOPE', count: 'many' }));
    expect(response.statusCode).toBe(422);
    const detail = response.json().detail;
    expect(detail).toEqual(
      expect.arrayContaining([
        {
          type: 'missing',
          loc: ['body', 'name'],
          msg: 'Field required',
          input: { activity_type: 'TYPE_NOPE', count: 'many' },
        },
        {
          type: 'enum',
          loc: ['body', 'activity_type'],
          msg: "Input should be 'TYPE_VIDEO' or 'TYPE_DYNAMIC'",
          input: 'TYPE_NOPE',
          ctx: { expected: "'TYPE_VIDEO' or 'TYPE_DYNAMIC'" },
        },
        {
          type: 'int_parsing',
          loc: ['body', 'count'],
          msg: 'Input should be a valid integer',
          input: 'many',
        },
      ]),
    );
    expect(detail).toHaveLength(3);
  });

  it('path and query problems are located in path and query', async () => {
    const badPath = await post(JSON.stringify({ name: 'x', activity_type: 'TYPE_VIDEO' }), '/things/abc');
    expect(badPath.statusCode).toBe(422);
    expect(badPath.json().detail[0]).toMatchObject({
      loc: ['path', 'thing_id'],
      type: 'int_parsing',
      input: 'abc',
    });
    const badQuery = await post(
      JSON.stringify({ name: 'x', activity_type: 'TYPE_VIDEO' }),
      '/things/1?limit=51',
    );
    expect(badQuery.json().detail[0]).toMatchObject({
      loc: ['query', 'limit'],
      type: 'less_than_equal',
      input: 51,
    });
  });

  it('an empty JSON body is a 422', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ type: 'missing', loc: ['body'] });
  });

  it('domain errors render as {"detail": "..."}', async () => {
    const response = await app.inject({ method: 'GET', url: '/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Nope' });
  });

  it('unexpected errors are 500 without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal Server Error' });
    expect(response.body).not.toContain('secret stack detail');
  });

  it('unknown routes are 404 and wrong methods 405', async () => {
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/things/1' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toEqual({ detail: 'Method Not Allowed' });
    expect(wrongMethod.headers.allow).toContain('POST');
  });
});

describe('nullable fields under type coercion', () => {
  it('keep null as null instead of coercing it to "" / 0 / false', async () => {
    const coerced = Fastify({ ajv: { customOptions: { allErrors: true, coerceTypes: 'array' } } });
    coerced.post(
      '/n',
      {
        schema: {
          body: Type.Object({
            text: Nullable(Type.String()),
            count: Nullable(Type.Integer()),
            flag: Nullable(Type.Boolean()),
            kind: Nullable(StringEnum(['a', 'b'])),
          }),
        },
      },
      async (request) => ({ body: request.body }),
    );
    const response = await coerced.inject({
      method: 'POST',
      url: '/n',
      payload: { text: null, count: null, flag: null, kind: null },
    });
    expect(response.json().body).toEqual({ text: null, count: null, flag: null, kind: null });
    const typed = await coerced.inject({
      method: 'POST',
      url: '/n',
      payload: { text: 'x', count: '3', flag: 'true', kind: 'c' },
    });
    expect(typed.statusCode).toBe(400);
    await coerced.close();
  });
});
