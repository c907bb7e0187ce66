/** Structured JSON logs (pino). Credentials are redacted wherever they could appear. */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-platform-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
];

export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * The logger Fastify gives each request, bound to its request id. Making a pino child is not
 * free (the bindings go through the redaction rules), and at `warn` most requests never write
 * a line, so the child is made when the request first logs at an enabled level.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: pino.Logger;
  readonly #bindings: pino.Bindings;

  constructor(parent: pino.Logger, bindings: pino.Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: LevelMethod, args: unknown[]) {
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...logged: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: request loggers made on first use (eagerly when a route sets its own level or serializers). */
export function requestLoggerFactory(
  parent: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  const isPino = typeof (parent as Partial<pino.Logger>).isLevelEnabled === 'function';
  if (!isPino || Object.keys(options).length > 0) return parent.child(bindings, options);
  return new DeferredChildLogger(parent as pino.Logger, bindings);
}
