/**
 * Driver errors are translated into domain errors here and nowhere else, for both dialects:
 * better-sqlite3 reports `SQLITE_CONSTRAINT_*` codes, node-postgres SQLSTATE codes.
 */
import { conflict, type HttpError } from '../errors/http-errors.ts';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Returns the domain error for a constraint violation, or undefined for anything else. */
export function translateDriverError(error: unknown): HttpError | undefined {
  if (isUniqueViolation(error)) return conflict('Resource already exists');
  if (isForeignKeyViolation(error))
    return conflict('A referenced resource does not exist or is still in use');
  return undefined;
}
