/**
 * Every catalogue event must be emitted by some test. Each test app records the event
 * names its database saw when it closes; after the whole suite, the global teardown
 * compares them with the catalogue and fails the run for any event nobody emitted.
 * Only a full run checks (`npm test` sets CHECK_EVENT_COVERAGE=1): a run of a few files
 * would see only a few events.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../src/core/db/database.ts';
import { EVENT_NAMES } from '../src/core/events/catalogue.ts';

const DIRECTORY = join(import.meta.dirname, '..', 'test-results', 'emitted-events');

export const coverageChecked = () => process.env.CHECK_EVENT_COVERAGE === '1';

export function resetEmittedEvents(): void {
  rmSync(DIRECTORY, { recursive: true, force: true });
  mkdirSync(DIRECTORY, { recursive: true });
}

export async function recordEmittedEvents(db: Database): Promise<void> {
  if (!coverageChecked()) return;
  const rows = await db.selectFrom('outbox_events').select('event').distinct().execute();
  mkdirSync(DIRECTORY, { recursive: true });
  appendFileSync(join(DIRECTORY, `${process.pid}.txt`), rows.map((r) => `${r.event}\n`).join(''));
}

export function missingEvents(): string[] {
  const seen = new Set<string>();
  for (const file of readdirSync(DIRECTORY)) {
    for (const line of readFileSync(join(DIRECTORY, file), 'utf8').split('\n')) if (line) seen.add(line);
  }
  return EVENT_NAMES.filter((name) => !seen.has(name));
}
