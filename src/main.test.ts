/**
 * The production entry point as a real process: on SIGTERM it stops accepting work, lets a
 * request already in flight finish with its normal answer, closes the database and exits 0.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { TEST_SECRET_KEY } from '../test/harness.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

interface LogLine {
  msg: string;
  url?: string;
  req?: { url?: string };
  [key: string]: unknown;
}

/** `src/main.ts` on a random loopback port, with every JSON log line it writes on stdout. */
function startMain() {
  const target = database.target;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: database.dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    ADMIN_PASSWORD: 'Admin-password-1!',
    PASSWORD_HASH_COST: '10',
  };
  if (target.kind === 'postgres') {
    const url = new URL(target.url);
    url.searchParams.set('options', `-c search_path=${target.schema},public`);
    env.DATABASE_URL = url.toString();
  }
  const child = fork(join(import.meta.dirname, 'main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines: LogLine[] = [];
  const waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const text of complete) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const logged = (test: (line: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const seen = lines.find(test);
      if (seen) return resolve(seen);
      waiters.push({ test, resolve });
      child.once('exit', (code) =>
        reject(new Error(`process exited (${code}) before the expected log line`)),
      );
    });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, logged, exit };
}

function kill(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

describe('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, then closes and exits 0', async () => {
    const main = startMain();
    try {
      const ready = await main.logged((line) => line.msg === 'Learnbase is ready');
      const { port } = new URL(ready.url as string);
      const body = 'username=nobody%40example.test&password=Not-the-password-1!';

      // Send the headers and half of the body; the request is now in flight on the server.
      const answer = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: '/api/v1/auth/login',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
            );
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 20));
        main
          .logged((line) => line.msg === 'incoming request' && line.req?.url === '/api/v1/auth/login')
          .then(() => {
            main.child.kill('SIGTERM');
            return main.logged((line) => line.msg === 'shutting down: finishing in-flight work');
          })
          .then(() => req.end(body.slice(20)), reject);
      });

      const finished = await answer;
      expect(finished.status).toBe(401);
      // The answer also ends the kept-alive connection, so the process need not wait for it.
      expect(finished.connection).toBe('close');
      expect(JSON.parse(finished.body)).toEqual({
        detail: { code: 'INVALID_CREDENTIALS', message: 'Incorrect Email or password' },
      });
      expect(await main.exit).toBe(0);
    } finally {
      kill(main.child);
    }
  }, 60_000);
});
