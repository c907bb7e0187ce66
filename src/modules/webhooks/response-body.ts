/** The log keeps the first 500 bytes of a response body (spec §2.11), never half a character. */

export const STORED_RESPONSE_BYTES = 500;

/** Decodes at most `limit` bytes, stepping back so a multi-byte UTF-8 sequence is never split. */
export function decodeLeadingBytes(bytes: Buffer, limit = STORED_RESPONSE_BYTES): string | null {
  if (bytes.length === 0) return null;
  let end = Math.min(bytes.length, limit);
  if (end < bytes.length) {
    // Back up over continuation bytes (10xxxxxx) so the cut falls before a character's lead byte.
    while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  }
  return bytes.subarray(0, end).toString('utf8');
}
