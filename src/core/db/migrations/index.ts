/**
 * Every migration, in order. An explicit list (rather than a folder scan) works the same
 * under tsx, in tests and in a bundled build, and makes the order reviewable.
 */
import type { Migration } from 'kysely';
import * as coreOutbox from './0100_core_outbox.ts';
import * as identity from './0200_identity.ts';
import * as usergroups from './0210_usergroups.ts';
import * as content from './0300_content.ts';
import * as progress from './0400_progress.ts';
import * as assignments from './0410_assignments.ts';
import * as community from './0500_community.ts';
import * as searchIndex from './0510_search_index.ts';
import * as webhooks from './0600_webhooks.ts';
import * as courseTreeVersion from './0700_course_tree_version.ts';

export const migrations: Record<string, Migration> = {
  '0100_core_outbox': coreOutbox,
  '0200_identity': identity,
  '0210_usergroups': usergroups,
  '0300_content': content,
  '0400_progress': progress,
  '0410_assignments': assignments,
  '0500_community': community,
  '0510_search_index': searchIndex,
  '0600_webhooks': webhooks,
  '0700_course_tree_version': courseTreeVersion,
};
