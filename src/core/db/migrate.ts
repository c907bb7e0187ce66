/**
 * Applies pending migrations. Safe to run from several processes at once: Kysely takes a
 * lock (an advisory lock on PostgreSQL, a lock table on SQLite) around the run.
 */
import { type Kysely, type MigrationResultSet, Migrator, PostgresAdapter, sql } from 'kysely';
import { migrations } from './migrations/index.ts';

/**
 * On PostgreSQL the bookkeeping tables live in the connection's current schema, named
 * explicitly: without a schema Kysely counts a `kysely_migration` table in any schema as
 * present, so databases that share a server in different schemas (tests) could skip creating it.
 */
async function migrator(db: Kysely<any>): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0].schema;
  }
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result: MigrationResultSet = await (await migrator(db)).migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations known to the code but not yet applied (readiness checks use this). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await (await migrator(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
