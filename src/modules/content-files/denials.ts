import type { Principal } from '../../core/auth/principal.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';

/** Anonymous callers are told to sign in (401); signed-in ones that they may not (403). */
export function forbiddenOrUnauthorized(principal: Principal, message: string): never {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  throw forbidden(message);
}
