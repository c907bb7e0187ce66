/** Wire formats for time. Every timestamp is UTC. */

/** `YYYY-MM-DD HH:MM:SS`, the format the spec fixes for creation/update dates. */
export function formatDateTime(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO 8601 UTC without milliseconds, e.g. `2026-11-22T10:00:00Z` (webhook envelope timestamps). */
export function formatIsoSeconds(date: Date = new Date()): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export function nowMs(): number {
  return Date.now();
}
