/** Public identifiers carry a type prefix (`course_…`, `org_…`) so a UUID says what it names. */
import { randomBytes, randomUUID } from 'node:crypto';

export function prefixedUuid(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

/** A short opaque id (lowercase hex), e.g. webhook delivery ids `dlv_<16 hex>`. */
export function prefixedHex(prefix: string, bytes = 8): string {
  return `${prefix}_${randomBytes(bytes).toString('hex')}`;
}
