/**
 * A CodeRunner backed by a Judge0-compatible API (JUDGE0_URL). Each test case is one synchronous
 * submission (`wait=true`, plain-text fields). Anything short of a 2xx JSON verdict within the timeout
 * rejects, which the CODE grader counts as "runner unavailable" for that test case.
 */
import type { CodeRunInput, CodeRunner, CodeRunResult } from './code.ts';
import { isJsonObject } from './json-value.ts';

export const JUDGE0_TIMEOUT_MS = 10_000;

export interface Judge0RunnerOptions {
  /** Base URL of the Judge0 API, e.g. http://judge0:2358 (a trailing slash is fine). */
  url: string;
  timeoutMs?: number;
}

export class Judge0Unavailable extends Error {
  override name = 'Judge0Unavailable';
}

function verdictOf(body: unknown): CodeRunResult {
  if (!isJsonObject(body)) throw new Judge0Unavailable('Judge0 answered with something other than an object');
  const status = isJsonObject(body.status) ? body.status.id : undefined;
  return {
    status_id: typeof status === 'number' ? status : null,
    stdout: typeof body.stdout === 'string' ? body.stdout : null,
  };
}

export function createJudge0Runner({ url, timeoutMs = JUDGE0_TIMEOUT_MS }: Judge0RunnerOptions): CodeRunner {
  const endpoint = `${url.replace(/\/+$/, '')}/submissions?base64_encoded=false&wait=true`;
  return {
    async runTestCase(input: CodeRunInput): Promise<CodeRunResult> {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          source_code: input.source_code,
          language_id: input.language_id,
          stdin: input.stdin,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Judge0Unavailable(`Judge0 answered HTTP ${response.status}`);
      }
      return verdictOf(await response.json());
    },
  };
}
