/**
 * Rights buckets. Roles carry them for users; API tokens carry their own subset (spec §5,
 * reference §1.3 and §3.4). A right is "bucket.action", e.g. `courses.action_update`.
 */
export type CrudAction = 'action_create' | 'action_read' | 'action_update' | 'action_delete';
export type OwnAction = 'action_read_own' | 'action_update_own' | 'action_delete_own';
export type Action = CrudAction | OwnAction;

export type RightsBucket = Partial<Record<Action, boolean>>;
export type Rights = Record<string, RightsBucket | { action_access?: boolean }>;

/** Buckets an API token may hold; each is {action_create, action_read, action_update, action_delete}. */
export const TOKEN_BUCKETS = [
  'courses',
  'coursechapters',
  'activities',
  'folders',
  'media',
  'certifications',
  'usergroups',
  'payments',
  'search',
  'assignments',
  'webhooks',
  'users',
] as const;
export type TokenBucket = (typeof TOKEN_BUCKETS)[number];
export type TokenRights = Partial<Record<TokenBucket, RightsBucket>>;

export const CRUD_ACTIONS: CrudAction[] = ['action_create', 'action_read', 'action_update', 'action_delete'];

export function allows(
  rights: Rights | TokenRights | null | undefined,
  bucket: string,
  action: Action,
): boolean {
  const entry = rights?.[bucket as keyof typeof rights] as RightsBucket | undefined;
  return entry?.[action] === true;
}

/** `create` → `action_create`. */
export function actionOf(verb: 'create' | 'read' | 'update' | 'delete'): CrudAction {
  return `action_${verb}` as CrudAction;
}
