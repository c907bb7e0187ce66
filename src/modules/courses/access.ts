/**
 * Who may do what with a course. Reading: published public courses are open to anyone;
 * published private ones to members of the organization (and, when user groups are linked
 * to the course, only to those groups); unpublished ones only to people who may edit.
 * Editing: org admins and maintainers, roles with the `courses` right, and ACTIVE authors
 * (deleting: the creator and maintainer authors only). API tokens: their own organization and their `courses` bucket.
 */
import type { Principal, SessionUser, TokenPrincipal } from '../../core/auth/principal.ts';
import { type Action, allows, type Rights } from '../../core/auth/rights.ts';
import { forbidden, unauthorized } from '../../core/errors/http-errors.ts';
import type { Executor } from '../../core/events/emit.ts';
import { assertTokenInOrg, assertTokenRight, getOrgRole } from '../roles/access.ts';
import { isAdminOrMaintainerRole } from '../roles/global-roles.ts';
import { listUserOrgIds } from '../roles/service.ts';
import { resourcesUnlockedForUser, resourcesWithGroups } from '../usergroups/service.ts';
import { type CourseReader, OUTSIDE_READER } from './present.ts';
import { type CourseAuthorRow, type CourseRow, findAuthor } from './queries.ts';

const AUTHORING = new Set(['CREATOR', 'MAINTAINER', 'CONTRIBUTOR']);

export type CourseVerb = 'read' | 'create' | 'update' | 'delete';

/** What one caller holds in one organization (resolved once per request and reused). */
export interface CourseCaller {
  principal: Principal;
  orgId: number;
  member: boolean;
  /** Org admin, maintainer or superadmin: bypasses locks and sees everything. */
  admin: boolean;
  rights: Rights | null;
}

export async function courseCaller(db: Executor, principal: Principal, orgId: number): Promise<CourseCaller> {
  if (principal.kind === 'anonymous') return { principal, orgId, member: false, admin: false, rights: null };
  if (principal.kind === 'token') {
    const inOrg = principal.orgId === orgId;
    return {
      principal,
      orgId,
      member: inOrg,
      admin: inOrg && allows(principal.rights, 'courses', 'action_read'),
      rights: inOrg ? ((principal.rights ?? null) as Rights | null) : null,
    };
  }
  if (principal.isSuperadmin) return { principal, orgId, member: true, admin: true, rights: null };
  const role = await getOrgRole(db, principal.id, orgId);
  return {
    principal,
    orgId,
    member: role !== undefined,
    admin: role !== undefined && isAdminOrMaintainerRole(role.roleId),
    rights: role?.rights ?? null,
  };
}

/** Inside which organizations this caller sees course authors' e-mail addresses. */
export async function courseReaderFor(db: Executor, principal: Principal): Promise<CourseReader> {
  if (principal.kind === 'anonymous') return OUTSIDE_READER;
  if (principal.kind === 'token') return { seesEmailsIn: (orgId) => orgId === principal.orgId };
  if (principal.isSuperadmin) return { seesEmailsIn: () => true };
  const orgIds = new Set(await listUserOrgIds(db, principal.id));
  return { seesEmailsIn: (orgId) => orgIds.has(orgId) };
}

/** The same answer from a caller already resolved for one organization (no query). */
export function courseReaderOf(caller: CourseCaller): CourseReader {
  return { seesEmailsIn: (orgId) => caller.member && orgId === caller.orgId };
}

async function activeAuthorship(
  db: Executor,
  user: SessionUser,
  course: CourseRow,
): Promise<CourseAuthorRow | undefined> {
  const author = await findAuthor(db, course.id, user.id);
  return author && author.authorship_status === 'ACTIVE' && AUTHORING.has(author.authorship)
    ? author
    : undefined;
}

/** May this caller change (verb) the course? Tokens by bucket; users by role, admin status or authorship. */
export async function mayEditCourse(
  db: Executor,
  caller: CourseCaller,
  course: CourseRow,
  verb: 'update' | 'delete' = 'update',
): Promise<boolean> {
  const { principal } = caller;
  if (principal.kind === 'anonymous') return false;
  const action = `action_${verb}` as Action;
  if (principal.kind === 'token')
    return principal.orgId === course.org_id && allows(principal.rights, 'courses', action);
  if (caller.admin || allows(caller.rights, 'courses', action)) return true;
  const author = await activeAuthorship(db, principal, course);
  if (!author) return false;
  // Every active author edits; deleting the course is for its creator and maintainers.
  return verb === 'update' || author.authorship === 'CREATOR' || author.authorship === 'MAINTAINER';
}

export async function mayReadCourse(db: Executor, caller: CourseCaller, course: CourseRow): Promise<boolean> {
  const { principal } = caller;
  if (principal.kind === 'token')
    return principal.orgId === course.org_id && allows(principal.rights, 'courses', 'action_read');
  if (caller.admin) return true;
  if (course.published && course.public) return true;
  if (principal.kind === 'anonymous') return false;
  if (await mayEditCourse(db, caller, course)) return true;
  if (!course.published || !caller.member) return false;
  const [restricted] = await resourcesWithGroups(db, [course.course_uuid]);
  if (!restricted) return true;
  return (await resourcesUnlockedForUser(db, principal.id, [course.course_uuid])).length > 0;
}

function deny(principal: Principal, message: string): never {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  throw forbidden(message);
}

function assertToken(principal: TokenPrincipal, course: CourseRow, verb: CourseVerb) {
  assertTokenInOrg(principal, course.org_id);
  assertTokenRight(principal, 'courses', `action_${verb}` as Action);
}

export async function requireCourseRead(
  db: Executor,
  principal: Principal,
  course: CourseRow,
): Promise<CourseCaller> {
  if (principal.kind === 'token') assertToken(principal, course, 'read');
  const caller = await courseCaller(db, principal, course.org_id);
  if (!(await mayReadCourse(db, caller, course)))
    deny(principal, 'User does not have access to this resource');
  return caller;
}

/**
 * Changing a course or its content. `create` is adding content (chapters, activities) to an
 * existing course: tokens need `courses.action_create`; users need to be able to edit it.
 */
export async function requireCourseEdit(
  db: Executor,
  principal: Principal,
  course: CourseRow,
  verb: 'create' | 'update' | 'delete' = 'update',
): Promise<CourseCaller> {
  if (principal.kind === 'token') assertToken(principal, course, verb);
  const caller = await courseCaller(db, principal, course.org_id);
  const editVerb = verb === 'delete' ? 'delete' : 'update';
  const allowed = principal.kind === 'token' || (await mayEditCourse(db, caller, course, editVerb));
  if (!allowed) {
    deny(principal, `You must be the resource owner or have admin/maintainer role to ${verb} this resource`);
  }
  return caller;
}

/** Creating a course in an organization: tokens by bucket, users by role (create) or admin status. */
export async function requireCourseCreate(db: Executor, principal: Principal, orgId: number): Promise<void> {
  if (principal.kind === 'anonymous') throw unauthorized('Authentication required');
  if (principal.kind === 'token') {
    assertTokenInOrg(principal, orgId);
    assertTokenRight(principal, 'courses', 'action_create');
    return;
  }
  const caller = await courseCaller(db, principal, orgId);
  if (!caller.member) throw forbidden('You are not a member of this organization');
  if (!caller.admin && !allows(caller.rights, 'courses', 'action_create')) {
    throw forbidden("You don't have permission to perform this action (courses.action_create)");
  }
}

/** Changing `public` or `open_to_contributors` needs more than editing: creator, maintainer author or org admin. */
export async function mayManageAccess(
  db: Executor,
  caller: CourseCaller,
  course: CourseRow,
): Promise<boolean> {
  if (caller.principal.kind === 'token') return mayEditCourse(db, caller, course);
  if (caller.principal.kind !== 'user') return false;
  if (caller.admin) return true;
  const author = await activeAuthorship(db, caller.principal, course);
  return author?.authorship === 'CREATOR' || author?.authorship === 'MAINTAINER';
}
