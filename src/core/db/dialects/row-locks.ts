/**
 * Claiming queue rows without two workers taking the same one. PostgreSQL, where several
 * processes on several machines share a queue, locks the selected rows and skips rows
 * another transaction holds (`FOR UPDATE SKIP LOCKED`). SQLite has no row locks and needs
 * none: its writers are serialised, and one process delivers.
 */
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, type Transaction } from 'kysely';

export function skipLockedRows<DB, TB extends keyof DB, O>(
  executor: Kysely<DB> | Transaction<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().skipLocked() : query;
}
