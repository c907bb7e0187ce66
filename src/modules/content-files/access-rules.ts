/**
 * Who may fetch a stored file, decided by where it lives. Keys look like
 * `orgs/<org_uuid>/<area>/<resource uuid>/…`; each area (courses, podcasts, …) registers a
 * rule that applies the same access as the resource that owns the file.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';

/** Throws 401/403/404 unless the caller may read the file at `segments` (the key split on '/'). */
export type ContentRule = (ctx: AppContext, principal: Principal, segments: string[]) => Promise<void>;

const rules = new Map<string, ContentRule>();

export function registerContentRule(area: string, rule: ContentRule): void {
  rules.set(area, rule);
}

export function contentRuleFor(area: string): ContentRule | undefined {
  return rules.get(area);
}
