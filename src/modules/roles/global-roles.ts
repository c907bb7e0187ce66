/** The four global roles seeded by the identity migration (fixed ids; clients use the uuids). */
export const ROLE_ADMIN = { id: 1, uuid: 'role_global_admin' } as const;
export const ROLE_MAINTAINER = { id: 2, uuid: 'role_global_maintainer' } as const;
export const ROLE_INSTRUCTOR = { id: 3, uuid: 'role_global_instructor' } as const;
export const ROLE_USER = { id: 4, uuid: 'role_global_user' } as const;

export const GLOBAL_ROLE_BY_NAME = {
  admin: ROLE_ADMIN,
  maintainer: ROLE_MAINTAINER,
  instructor: ROLE_INSTRUCTOR,
  user: ROLE_USER,
} as const;
export type GlobalRoleName = keyof typeof GLOBAL_ROLE_BY_NAME;

export function isAdminOrMaintainerRole(roleId: number): boolean {
  return roleId === ROLE_ADMIN.id || roleId === ROLE_MAINTAINER.id;
}
