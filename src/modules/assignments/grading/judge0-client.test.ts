import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gradeCode } from './code.ts';
import { createJudge0Runner, Judge0Unavailable } from './judge0-client.ts';

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A stand-in for Judge0 on 127.0.0.1. It "runs" a program by echoing stdin, and misbehaves on demand:
 * stdin "http-500" → 500, "not-json" → 200 with text, "hang" → never answers.
 */
let server: Server;
let baseUrl: string;
const received: ReceivedRequest[] = [];

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** A loopback URL whose port was free a moment ago: connections to it are refused. */
async function urlWithNothingListening(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = (await readJson(request)) as { stdin: string; source_code: string };
    received.push({
      method: request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      body,
    });
    if (body.stdin === 'hang') return;
    if (body.stdin === 'http-500') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}');
      return;
    }
    if (body.stdin === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      return;
    }
    const compiles = !body.source_code.includes('syntax error');
    const result = compiles
      ? { stdout: `${body.stdin}\n`, status: { id: 3, description: 'Accepted' }, time: '0.01' }
      : { stdout: null, status: { id: 6, description: 'Compilation Error' } };
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

describe('createJudge0Runner', () => {
  it('posts one synchronous plain-text submission and reads the verdict', async () => {
    const runner = createJudge0Runner({ url: baseUrl });
    const result = await runner.runTestCase({ source_code: 'print(input())', language_id: 71, stdin: 'hi' });
    expect(result).toEqual({ status_id: 3, stdout: 'hi\n' });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/submissions?base64_encoded=false&wait=true',
        contentType: 'application/json',
        body: { source_code: 'print(input())', language_id: 71, stdin: 'hi' },
      },
    ]);
  });

  it('accepts a base URL with a path and a trailing slash', async () => {
    const runner = createJudge0Runner({ url: `${baseUrl}/judge0/` });
    await runner.runTestCase({ source_code: 'x', language_id: 71, stdin: 'a' });
    expect(received[0].url).toBe('/judge0/submissions?base64_encoded=false&wait=true');
  });

  it('reports a missing stdout and a non-Accepted status as they are', async () => {
    const runner = createJudge0Runner({ url: baseUrl });
    const result = await runner.runTestCase({ source_code: 'syntax error', language_id: 71, stdin: 'a' });
    expect(result).toEqual({ status_id: 6, stdout: null });
  });

  it('rejects on an HTTP error', async () => {
    const runner = createJudge0Runner({ url: baseUrl });
    await expect(
      runner.runTestCase({ source_code: 'x', language_id: 71, stdin: 'http-500' }),
    ).rejects.toThrow(Judge0Unavailable);
  });

  it('rejects on a body that is not JSON', async () => {
    const runner = createJudge0Runner({ url: baseUrl });
    await expect(
      runner.runTestCase({ source_code: 'x', language_id: 71, stdin: 'not-json' }),
    ).rejects.toThrow();
  });

  it('rejects when Judge0 does not answer within the timeout', async () => {
    const runner = createJudge0Runner({ url: baseUrl, timeoutMs: 100 });
    await expect(runner.runTestCase({ source_code: 'x', language_id: 71, stdin: 'hang' })).rejects.toThrow();
  });

  it('rejects when nothing listens at the URL', async () => {
    const runner = createJudge0Runner({ url: await urlWithNothingListening() });
    await expect(runner.runTestCase({ source_code: 'x', language_id: 71, stdin: 'a' })).rejects.toThrow();
  });
});

describe('CODE grading through the Judge0 runner', () => {
  const contents = {
    language_id: 71,
    grading_mode: 'equal_weight',
    test_cases: [
      { id: 'tc_1', label: 'one', stdin: 'one', expectedStdout: 'one', hidden: false, weight: 1 },
      { id: 'tc_2', label: 'two', stdin: 'two', expectedStdout: 'two', hidden: true, weight: 1 },
      { id: 'tc_3', label: 'three', stdin: 'three', expectedStdout: 'THREE', hidden: true, weight: 1 },
      { id: 'tc_4', label: 'down', stdin: 'http-500', expectedStdout: 'x', hidden: true, weight: 1 },
    ],
  };

  it('grades from the verdicts of every test case', async () => {
    const runner = createJudge0Runner({ url: baseUrl });
    expect(await gradeCode(contents, { source_code: 'print(input())', language_id: 71 }, 100, runner)).toBe(
      50,
    );
    expect(received).toHaveLength(4);
  });

  it('is "unknown" when Judge0 cannot be reached at all', async () => {
    const runner = createJudge0Runner({ url: await urlWithNothingListening() });
    expect(await gradeCode(contents, { source_code: 'print(input())' }, 100, runner)).toBe('unknown');
  });
});
