/**
 * The event catalogue: every event a webhook can receive (spec §6.2, plus folder events),
 * with its category, a description and the schema of its `data`. Schemas allow extra keys
 * because some events carry more than the spec lists (e.g. `attempt_number`).
 */
import { type Static, type TObject, Type } from '@sinclair/typebox';

const Str = Type.String();
const Int = Type.Integer();
const Bool = Type.Boolean();

const UserRef = Type.Object({ user_uuid: Str, email: Str, username: Str });
const CourseRef = Type.Object({ course_uuid: Str, name: Str });
const data = <P extends Record<string, any>>(properties: P) =>
  Type.Object(properties, { additionalProperties: true }) as TObject<P>;

export const EVENT_CATEGORIES = [
  'System',
  'Learning Progress',
  'User & Access',
  'Course Lifecycle',
  'Content Management',
  'Collaboration',
  'Community',
  'Groups',
  'Subscriptions',
  'Organization',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

interface EventDefinition<S extends TObject = TObject> {
  category: EventCategory;
  description: string;
  data: S;
}

const define = <S extends TObject>(
  category: EventCategory,
  description: string,
  schema: S,
): EventDefinition<S> => ({
  category,
  description,
  data: schema,
});

export const catalogue = {
  ping: define('System', 'Test event sent by the test endpoint', data({ message: Str })),

  course_completed: define(
    'Learning Progress',
    'A user completes every activity of a course',
    data({ user: UserRef, course: CourseRef }),
  ),
  course_enrolled: define(
    'Learning Progress',
    'A user enrols in a course',
    data({ user: UserRef, course: CourseRef }),
  ),
  activity_completed: define(
    'Learning Progress',
    'A user completes an activity',
    data({
      user: UserRef,
      activity: Type.Object({ activity_uuid: Str, activity_type: Str }),
      course: CourseRef,
    }),
  ),
  assignment_submitted: define(
    'Learning Progress',
    'A user submits an assignment',
    data({
      user: UserRef,
      assignment: Type.Object({ assignment_uuid: Str }),
      course: CourseRef,
      attempt_number: Int,
    }),
  ),
  assignment_graded: define(
    'Learning Progress',
    'An instructor grades a submission',
    data({
      user_id: Int,
      assignment_uuid: Str,
      course_uuid: Str,
      grade: Int,
      max_grade: Int,
      percentage: Type.Number(),
      display_grade: Str,
      letter_grade: Str,
      points_summary: Str,
      passed: Bool,
      grading_type: Str,
      overall_feedback: Type.Union([Str, Type.Null()]),
      auto_graded: Bool,
    }),
  ),
  certificate_claimed: define(
    'Learning Progress',
    'A user receives a certificate',
    data({ user: UserRef, course: CourseRef, certificate: Type.Object({ user_certification_uuid: Str }) }),
  ),

  user_signed_up: define(
    'User & Access',
    'A new user signs up for the organization',
    data({
      user: Type.Object({ user_uuid: Str, email: Str, username: Str, first_name: Str, last_name: Str }),
      signup_method: Str,
    }),
  ),
  user_email_verified: define(
    'User & Access',
    'A user verifies e-mail',
    data({ user_uuid: Str, email: Str }),
  ),
  user_role_changed: define(
    'User & Access',
    "A user's role changes in the organization",
    data({ user_id: Int, org_id: Int, new_role_uuid: Str }),
  ),
  user_invited_to_org: define(
    'User & Access',
    'Users invited; one event per invite batch',
    data({
      org_id: Int,
      emails: Type.Array(Str),
      invite_code_uuid: Type.Union([Str, Type.Null()]),
      invited_by: Str,
    }),
  ),
  user_removed_from_org: define(
    'User & Access',
    'A user is removed from the organization',
    data({ user_id: Int, org_id: Int }),
  ),

  course_created: define(
    'Course Lifecycle',
    'A course is created',
    data({ course_uuid: Str, name: Str, org_id: Int }),
  ),
  course_published: define(
    'Course Lifecycle',
    'A course is published or unpublished',
    data({ course_uuid: Str, name: Str, published: Bool }),
  ),
  course_deleted: define('Course Lifecycle', 'A course is deleted', data({ course_uuid: Str, name: Str })),
  course_update_published: define(
    'Course Lifecycle',
    'An announcement is posted to a course',
    data({ courseupdate_uuid: Str, course_uuid: Str }),
  ),

  activity_version_created: define(
    'Content Management',
    'An activity version snapshot is created',
    data({ activity_id: Int, version_number: Int, created_by_id: Int }),
  ),
  activity_version_restored: define(
    'Content Management',
    'An activity is restored to a previous version',
    data({ activity_uuid: Str, restored_version_number: Int, new_version_number: Int }),
  ),
  course_contributor_added: define(
    'Content Management',
    'Contributors added to a course',
    data({ course_uuid: Str, contributors: Type.Array(Type.Object({}, { additionalProperties: true })) }),
  ),
  course_contributor_removed: define(
    'Content Management',
    'Contributors removed from a course',
    data({ course_uuid: Str, contributors: Type.Array(Type.Object({}, { additionalProperties: true })) }),
  ),
  collection_created: define(
    'Content Management',
    'A course collection is created',
    data({ collection_uuid: Str, name: Str }),
  ),
  folder_created: define('Content Management', 'A folder is created', data({ folder_uuid: Str, name: Str })),
  folder_updated: define('Content Management', 'A folder is updated', data({ folder_uuid: Str, name: Str })),
  folder_deleted: define('Content Management', 'A folder is deleted', data({ folder_uuid: Str, name: Str })),
  podcast_episode_created: define(
    'Content Management',
    'A podcast episode is added',
    data({ episode_uuid: Str, podcast_uuid: Str, title: Str, episode_number: Int }),
  ),

  board_created: define(
    'Collaboration',
    'A whiteboard is created',
    data({ board_uuid: Str, name: Str, created_by: Int }),
  ),
  board_member_added: define(
    'Collaboration',
    'A member is added to a whiteboard',
    data({ board_uuid: Str, user_id: Int, role: Str }),
  ),
  playground_created: define(
    'Collaboration',
    'A playground is created',
    data({ playground_uuid: Str, name: Str, created_by: Int }),
  ),

  discussion_posted: define(
    'Community',
    'A user creates a discussion',
    data({
      user: UserRef,
      discussion: Type.Object({ discussion_uuid: Str, title: Str }),
      community: Type.Object({ community_uuid: Str }),
    }),
  ),
  comment_created: define(
    'Community',
    'A user comments on a discussion',
    data({
      user: UserRef,
      comment: Type.Object({ comment_uuid: Str }),
      discussion: Type.Object({ discussion_uuid: Str, title: Str }),
      community: Type.Object({ community_uuid: Str }),
    }),
  ),
  discussion_pinned: define(
    'Community',
    'A discussion is pinned or unpinned',
    data({ discussion_uuid: Str, title: Str, is_pinned: Bool, community_uuid: Str }),
  ),
  discussion_locked: define(
    'Community',
    'A discussion is locked or unlocked',
    data({ discussion_uuid: Str, title: Str, is_locked: Bool, community_uuid: Str }),
  ),
  discussion_vote_cast: define(
    'Community',
    'A user upvotes a discussion',
    data({ discussion_uuid: Str, user_id: Int, upvote_count: Int }),
  ),

  usergroup_created: define('Groups', 'A user group is created', data({ usergroup_uuid: Str, name: Str })),
  usergroup_deleted: define('Groups', 'A user group is deleted', data({ usergroup_uuid: Str, name: Str })),
  usergroup_users_added: define(
    'Groups',
    'Users added to a group',
    data({ usergroup_id: Int, usergroup_uuid: Str, user_ids: Type.Array(Int) }),
  ),
  usergroup_resources_added: define(
    'Groups',
    'Resources assigned to a group',
    data({ usergroup_id: Int, usergroup_uuid: Str, resource_uuids: Type.Array(Str) }),
  ),

  pack_activated: define(
    'Subscriptions',
    'A subscription pack is activated',
    data({ pack_id: Str, pack_type: Str, quantity: Int, platform_subscription_id: Str }),
  ),
  pack_deactivated: define(
    'Subscriptions',
    'A subscription pack is cancelled',
    data({ pack_id: Str, pack_type: Str, platform_subscription_id: Str }),
  ),

  org_signup_method_changed: define(
    'Organization',
    'Organization signup method changes',
    data({ signup_mechanism: Str }),
  ),
  org_ai_config_changed: define(
    'Organization',
    'Organization AI configuration updated',
    data({ ai_enabled: Type.Union([Bool, Type.Null()]), copilot_enabled: Type.Union([Bool, Type.Null()]) }),
  ),
  org_payments_config_changed: define(
    'Organization',
    'Organization payments configuration updated',
    data({ payments_enabled: Bool }),
  ),
} satisfies Record<string, EventDefinition>;

export type EventName = keyof typeof catalogue;
export type EventData<E extends EventName> = Static<(typeof catalogue)[E]['data']>;

export const EVENT_NAMES = Object.keys(catalogue) as EventName[];

/** Events a webhook may subscribe to: everything except `ping`, which only the test endpoint sends. */
export const SUBSCRIBABLE_EVENTS = EVENT_NAMES.filter((name) => name !== 'ping');

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(catalogue, name);
}
