/**
 * Who may fetch a stored file, decided by where it lives. Keys look like
 * `orgs/<org_uuid>/<area>/<resource uuid>/…`; each area (courses, podcasts, …) registers a
 * rule that applies the same access as the resource that owns the file. Inside an
 * activity's folder, a module that keeps its own files there (assignments) can register
 * a rule for its sub-folder, checked after the activity's own access.
 */
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import type { ActivityRow } from '../activities/service.ts';
import type { CourseRow } from '../courses/service.ts';

/** Throws 401/403/404 unless the caller may read the file at `segments` (the key split on '/'). */
export type ContentRule = (ctx: AppContext, principal: Principal, segments: string[]) => Promise<void>;

/** `rest`: the key's segments after `…/activities/<activity_uuid>/`, starting with the sub-folder's name. */
export type ActivityFilesRule = (
  ctx: AppContext,
  principal: Principal,
  owner: { course: CourseRow; activity: ActivityRow },
  rest: string[],
) => Promise<void>;

const rules = new Map<string, ContentRule>();
const activityRules = new Map<string, ActivityFilesRule>();

export function registerContentRule(area: string, rule: ContentRule): void {
  rules.set(area, rule);
}

export function contentRuleFor(area: string): ContentRule | undefined {
  return rules.get(area);
}

export function registerActivityFilesRule(folder: string, rule: ActivityFilesRule): void {
  activityRules.set(folder, rule);
}

export function activityFilesRuleFor(folder: string): ActivityFilesRule | undefined {
  return activityRules.get(folder);
}
