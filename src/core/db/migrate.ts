/**
 * Applies pending migrations. Safe to run from several processes at once: the run is one
 * transaction that holds an advisory lock on PostgreSQL and the write lock on SQLite (its
 * transactions begin immediate), so a second process waits, then finds nothing to do.
 */
import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { withWriteLock } from './dialects/sqlite.ts';
import { migrations } from './migrations/index.ts';

/**
 * On PostgreSQL the bookkeeping tables are named with their schema (the configured one, or
 * the connection's current schema): without one, Kysely counts a `kysely_migration` table
 * in any schema of the server as present, so databases sharing a server could skip theirs.
 */
async function migrator(database: DatabaseHandle, db: Kysely<any> = database.db): Promise<Migrator> {
  let migrationTableSchema = database.schema;
  if (database.kind === 'postgres' && !migrationTableSchema) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0].schema;
  }
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
  });
}

export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  const run = async (db: Kysely<any>) => {
    const result: MigrationResultSet = await (await migrator(database, db)).migrateToLatest();
    if (result.error) throw result.error;
    return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  return database.kind === 'sqlite' ? withWriteLock(database.db, run) : run(database.db);
}

/** Names of migrations known to the code but not yet applied (readiness checks use this). */
export async function pendingMigrations(database: DatabaseHandle): Promise<string[]> {
  const all = await (await migrator(database)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
