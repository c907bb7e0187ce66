/**
 * Which organization owns a resource, by its prefixed uuid (`course_…`, `chapter_…`).
 * Modules that own resources register a lookup at start; modules that link to arbitrary
 * resources (user groups, folders) ask here instead of reading other modules' tables.
 */
import type { Executor } from '../events/emit.ts';

export interface ResourceInfo {
  orgId: number;
  type: string;
  /** The resource as its owning module presents it (for folder listings). */
  present?: () => Promise<Record<string, unknown>>;
  /**
   * True when anyone, even an anonymous visitor, may see it. Listings shown to people
   * outside the organization (a public folder) include only such resources.
   */
  publiclyVisible?: boolean;
}

type Lookup = (db: Executor, uuid: string) => Promise<ResourceInfo | undefined>;

const lookups = new Map<string, Lookup>();

export function registerResourceType(prefix: string, lookup: Lookup): void {
  lookups.set(prefix, lookup);
}

export async function findResource(db: Executor, uuid: string): Promise<ResourceInfo | undefined> {
  const prefix = uuid.slice(0, uuid.indexOf('_') + 1);
  const lookup = lookups.get(prefix);
  return lookup ? lookup(db, uuid) : undefined;
}
