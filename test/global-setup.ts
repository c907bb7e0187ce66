/**
 * Runs once before the suite. On PostgreSQL, installs the extensions the migrations use
 * into `public` up front, so parallel test files never race to create them.
 */
import pg from 'pg';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists unaccent schema public');
    await client.query('create extension if not exists pg_trgm schema public');
  } finally {
    await client.end();
  }
}
