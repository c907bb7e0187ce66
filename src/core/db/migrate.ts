/**
 * Applies pending migrations. Safe to run from several processes at once: Kysely takes a
 * lock (an advisory lock on PostgreSQL, a lock table on SQLite) around the run.
 */
import { type MigrationResultSet, Migrator } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

function migrator(database: DatabaseHandle): Migrator {
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  const result: MigrationResultSet = await migrator(database).migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations known to the code but not yet applied (readiness checks use this). */
export async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  const all = await migrator(database).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
