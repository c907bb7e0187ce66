/**
 * Every migration, in order. An explicit list (rather than a folder scan) works the same
 * under tsx, in tests and in a bundled build, and makes the order reviewable.
 */
import type { Migration } from 'kysely';
import * as coreOutbox from './0100_core_outbox.ts';
import * as webhooks from './0600_webhooks.ts';

export const migrations: Record<string, Migration> = {
  '0100_core_outbox': coreOutbox,
  '0600_webhooks': webhooks,
};
