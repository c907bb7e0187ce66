/**
 * One HTTP attempt of a delivery: POST the stored body through the pinned agent within one
 * deadline covering the request and the whole response, so a receiver that trickles bytes
 * cannot hold a slot. Redirects are not followed (a dispatched request never follows them), so
 * a 3xx is a failure like any other non-2xx.
 *
 * The request goes through undici's dispatch interface with a handler that keeps the status and
 * the first bytes of the body as they arrive: no response stream is built for a body that is
 * only peeked at, which roughly halves the client's work per request.
 */
import type { Dispatcher } from 'undici';
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
  const response = new LeadingBytesResponse();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    response.abort(new Error('deadline reached'));
  }, timeoutMs);
  try {
    const url = new URL(attempt.url);
    const received = new Promise<Buffer>((resolve, reject) => response.settleWith(resolve, reject));
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: attempt.headers,
        body: attempt.body,
      },
      response,
    );
    const body = await received;
    const httpStatus = response.statusCode!;
    return {
      httpStatus,
      responseBody: decodeLeadingBytes(body),
      errorMessage: null,
      success: httpStatus >= 200 && httpStatus < 300,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      httpStatus: response.statusCode,
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
 * Receives one response: its status, and the first bytes of its body, reading on (and
 * discarding) up to the read limit. Settles once, with the bytes or with the first error.
 */
class LeadingBytesResponse implements Dispatcher.DispatchHandler {
  statusCode: number | null = null;
  #chunks: Buffer[] = [];
  #kept = 0;
  #read = 0;
  #controller: Dispatcher.DispatchController | undefined;
  /** An abort asked for before the request reached a socket; applied when it does. */
  #pendingAbort: Error | undefined;
  #resolve: ((body: Buffer) => void) | undefined;
  #reject: ((error: Error) => void) | undefined;

  settleWith(resolve: (body: Buffer) => void, reject: (error: Error) => void): void {
    this.#resolve = resolve;
    this.#reject = reject;
  }

  abort(reason: Error): void {
    if (this.#controller) this.#controller.abort(reason);
    else this.#pendingAbort = reason;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#pendingAbort) controller.abort(this.#pendingAbort);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.statusCode = statusCode;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#read += chunk.length;
    if (this.#kept < STORED_RESPONSE_BYTES) {
      this.#chunks.push(chunk);
      this.#kept += chunk.length;
    }
    if (this.#read > MAX_RESPONSE_BYTES_READ) {
      // Enough has been read: what is kept is the answer, and the rest is not fetched.
      this.#settle();
      controller.abort(new Error('response body longer than the read limit'));
    }
  }

  onResponseEnd(): void {
    this.#settle();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    const reject = this.#reject;
    this.#resolve = undefined;
    this.#reject = undefined;
    reject?.(error);
  }

  #settle(): void {
    const resolve = this.#resolve;
    this.#resolve = undefined;
    this.#reject = undefined;
    resolve?.(Buffer.concat(this.#chunks));
  }
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
