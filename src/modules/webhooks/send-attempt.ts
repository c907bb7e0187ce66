/**
 * One HTTP attempt of a delivery: POST the stored body through the pinned agent, within one
 * deadline covering connect, request and response. Redirects are not followed (undici's
 * `request` never follows them), so a 3xx is a failure like any other non-2xx.
 */
import { type Dispatcher, request } from 'undici';
import { DestinationRefused } from '../../core/net/outbound-network.ts';
import { decodeLeadingBytes, STORED_RESPONSE_BYTES } from './response-body.ts';

/** Reading stops here: enough for the stored prefix, and a bound on what a receiver can make us read. */
const MAX_RESPONSE_BYTES_READ = 64 * 1024;
const MAX_ERROR_MESSAGE_CHARS = 1000;

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface AttemptOutcome {
  httpStatus: number | null;
  responseBody: string | null;
  errorMessage: string | null;
  success: boolean;
  durationMs: number;
}

export async function sendAttempt(
  dispatcher: Dispatcher,
  attempt: AttemptRequest,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  let httpStatus: number | null = null;
  try {
    const response = await request(attempt.url, {
      dispatcher,
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      signal,
    });
    httpStatus = response.statusCode;
    const body = await readLeadingBytes(response.body);
    return {
      httpStatus,
      responseBody: decodeLeadingBytes(body),
      errorMessage: null,
      success: httpStatus >= 200 && httpStatus < 300,
      durationMs: elapsed(),
    };
  } catch (error) {
    return {
      httpStatus,
      responseBody: null,
      errorMessage: describeFailure(error, signal.aborted, timeoutMs),
      success: false,
      durationMs: elapsed(),
    };
  }
}

async function readLeadingBytes(body: Dispatcher.ResponseData['body']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (kept < STORED_RESPONSE_BYTES) {
      chunks.push(chunk);
      kept += chunk.length;
    }
    if (read > MAX_RESPONSE_BYTES_READ) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): string {
  let message: string;
  if (timedOut) message = `Timed out after ${timeoutMs} ms`;
  else if (error instanceof DestinationRefused) message = `SSRF guard: ${error.message}`;
  else if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    message = code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  } else message = String(error);
  return message.slice(0, MAX_ERROR_MESSAGE_CHARS);
}
