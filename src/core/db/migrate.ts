/**
 * Applies pending migrations. Safe to run from several processes at once: Kysely takes a
 * lock (an advisory lock on PostgreSQL, a lock table on SQLite) around the run.
 */
import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations known to the code but not yet applied (readiness checks use this). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
