/**
 * Domain errors thrown by services. They carry an HTTP status because the wire contract
 * fixes one per situation, but services never touch the reply: the single error handler
 * (error-handler.ts) renders them as `{"detail": ...}`.
 */
export type ErrorDetail = string | Record<string, unknown>;

export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: ErrorDetail;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, detail: ErrorDetail, headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.detail = detail;
    this.headers = headers;
  }
}

export const badRequest = (detail: ErrorDetail) => new HttpError(400, detail);

export const unauthorized = (detail: ErrorDetail = 'Authentication required') =>
  new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });

export const forbidden = (detail: ErrorDetail) => new HttpError(403, detail);

/** `notFound('Course')` → 404 "Course not found"; pass a full sentence to override. */
export const notFound = (what: string) => new HttpError(404, what.includes(' ') ? what : `${what} not found`);

export const conflict = (detail: ErrorDetail) => new HttpError(409, detail);

export const payloadTooLarge = (detail: ErrorDetail = 'Request Entity Too Large') =>
  new HttpError(413, detail);

export const unsupportedMediaType = (detail: ErrorDetail) => new HttpError(415, detail);

export const locked = (detail: ErrorDetail) => new HttpError(423, detail);

export const tooManyRequests = (detail: ErrorDetail, retryAfterSeconds: number) =>
  new HttpError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A dependency the request needs is down for now; the client may try again after the wait. */
export const serviceUnavailable = (detail: ErrorDetail, retryAfterSeconds: number) =>
  new HttpError(503, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * A validation problem found by a service after schema validation (e.g. a sub-type that
 * does not belong to its type). Rendered as a 422 in FastAPI's HTTPValidationError shape.
 */
export class ValidationProblem extends Error {
  readonly items: ValidationItem[];
  constructor(items: ValidationItem[]) {
    super(items.map((item) => item.msg).join('; '));
    this.name = 'ValidationProblem';
    this.items = items;
  }
}

export interface ValidationItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export const invalid = (loc: (string | number)[], msg: string, input?: unknown, type = 'value_error') =>
  new ValidationProblem([{ type, loc, msg, input }]);
