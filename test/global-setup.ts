/**
 * Runs once around the suite. Before: on PostgreSQL, installs the extensions the
 * migrations use into `public` up front, so parallel test files never race to create
 * them. After: on a full run, fails when a catalogue event was never emitted by a test.
 */
import pg from 'pg';
import { coverageChecked, missingEvents, resetEmittedEvents } from './event-coverage.ts';

export default async function setup() {
  if (coverageChecked()) resetEmittedEvents();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('create extension if not exists unaccent schema public');
      await client.query('create extension if not exists pg_trgm schema public');
    } finally {
      await client.end();
    }
  }
  return () => {
    if (!coverageChecked()) return;
    const missing = missingEvents();
    if (missing.length > 0) {
      process.stderr.write(
        `\nEvent coverage: no test emitted these catalogue events: ${missing.join(', ')}\n`,
      );
      // Vitest reports an error thrown here but still exits 0; the exit code must say it.
      process.exitCode = 1;
    }
  };
}
