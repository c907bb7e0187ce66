/**
 * One HTTP attempt of a delivery: POST the stored body through the pinned agent within one
 * deadline covering the request and the whole response, so a receiver that trickles bytes
 * cannot hold a slot. Redirects are not followed (undici's `request` never follows them), so a
 * 3xx is a failure like any other non-2xx.
 */
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
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
  // undici accepts an EventEmitter as its abort signal: cheaper than an AbortSignal per request.
  const deadline = new EventEmitter();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.emit('abort');
  }, timeoutMs);
  let httpStatus: number | null = null;
  try {
    const response = await request(attempt.url, {
      dispatcher,
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      signal: deadline,
    });
    httpStatus = response.statusCode;
    const body = await readLeadingBytes(response.body);
    return {
      httpStatus,
      responseBody: decodeLeadingBytes(body),
      errorMessage: null,
      success: httpStatus >= 200 && httpStatus < 300,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      httpStatus,
      responseBody: null,
      errorMessage: timedOut ? `Timed out after ${timeoutMs} ms` : describeFailure(error),
      success: false,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Collects the first bytes of the body, reading on (and discarding) up to the read limit.
 * The handlers are written inline: this runs for every attempt, and under tsx a named inner
 * function costs a property definition each time it is created.
 */
function readLeadingBytes(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let read = 0;
    body
      .on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (kept < STORED_RESPONSE_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        if (read > MAX_RESPONSE_BYTES_READ) {
          // Destroyed without an error: no further event settles the promise differently.
          body.destroy();
          resolve(Buffer.concat(chunks));
        }
      })
      .once('end', () => resolve(Buffer.concat(chunks)))
      .once('error', reject);
  });
}

function describeFailure(error: unknown): string {
  let message: string;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (error instanceof DestinationRefused) {
    message = `SSRF guard: ${error.message}`;
  } else if (error instanceof Error) {
    message = code && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  } else {
    message = String(error);
  }
  return message.slice(0, MAX_ERROR_MESSAGE_CHARS);
}
