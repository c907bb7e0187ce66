/** Public identifiers carry a type prefix (`course_…`, `org_…`) so a UUID says what it names. */
import { randomFillSync, randomUUID } from 'node:crypto';

export function prefixedUuid(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

// Cryptographically random bytes drawn from a pool refilled when used up (as randomUUID does):
// one call to the generator per few hundred ids instead of one per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** A short opaque id (lowercase hex), e.g. webhook delivery ids `dlv_<16 hex>`. */
export function prefixedHex(prefix: string, bytes = 8): string {
  if (bytes > pool.length) throw new RangeError(`at most ${pool.length} random bytes per id`);
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return `${prefix}_${hex}`;
}
