/**
 * A service's refusal (a 4xx domain error other than "sign in first") is something to show
 * the person beside the form they used, in the service's own words; anything else is left
 * to the page error handler.
 */
import { HttpError } from '../../core/errors/http-errors.ts';

export function isRefusal(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 401
  );
}

export function refusalMessage(error: HttpError): string {
  const detail = error.detail;
  return typeof detail === 'string'
    ? detail
    : String(detail.message ?? detail.code ?? 'The request was refused');
}
