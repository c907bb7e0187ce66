/**
 * Locks (spec §2.3): `public` never locks; `authenticated` locks for anonymous callers;
 * `restricted` locks for everyone outside the user groups linked to the chapter, the
 * activity or the course. A locked chapter locks all of its activities. People who may
 * edit the course, org admins and the organization's own API tokens see everything.
 */
import type { Executor } from '../../core/events/emit.ts';
import type { CourseCaller } from '../courses/access.ts';
import { resourcesUnlockedForUser } from '../usergroups/service.ts';
import type { LockType } from './tables.ts';

export interface LockView {
  locked(lockType: LockType, uuid: string, parentLocked?: boolean): boolean;
}

const OPEN: LockView = { locked: (_lockType, _uuid, parentLocked = false) => parentLocked };

export async function lockViewFor(
  db: Executor,
  caller: CourseCaller,
  canEdit: boolean,
  courseUuid: string,
  restrictedUuids: string[],
): Promise<LockView> {
  if (canEdit || caller.admin || caller.principal.kind === 'token') return OPEN;
  const principal = caller.principal;
  const unlocked =
    principal.kind === 'user' && restrictedUuids.length > 0
      ? new Set(await resourcesUnlockedForUser(db, principal.id, [courseUuid, ...restrictedUuids]))
      : new Set<string>();
  const courseUnlocked = unlocked.has(courseUuid);
  return {
    locked(lockType, uuid, parentLocked = false) {
      if (parentLocked) return true;
      if (lockType === 'authenticated') return principal.kind === 'anonymous';
      if (lockType === 'restricted') return !(courseUnlocked || unlocked.has(uuid));
      return false;
    },
  };
}
