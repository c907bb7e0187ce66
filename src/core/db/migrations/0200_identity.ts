import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * Organizations, users, roles and memberships, sessions, API tokens, invites, packs.
 * The four global roles are seeded with fixed ids 1–4 (clients rely on their uuids).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('organizations'))
    .addColumn('org_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('about', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('logo_image', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('label', 'text')
    .addColumn('socials', 'text', (c) => c.notNull())
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('explore', 'boolean', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('user_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar_image', 'text')
    .addColumn('bio', 'text')
    .addColumn('language', 'text')
    .addColumn('details', 'text')
    .addColumn('profile', 'text')
    .addColumn('extra_metadata', 'text')
    .addColumn('email_verified', 'boolean', (c) => c.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('failed_login_attempts', 'integer', (c) => c.notNull())
    .addColumn('first_failed_login_ms', 'bigint')
    .addColumn('locked_until_ms', 'bigint')
    .addColumn('last_login_at', 'text')
    .addColumn('last_login_ip', 'text')
    .addColumn('signup_method', 'text')
    .addColumn('is_superadmin', 'boolean', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('roles'))
    .addColumn('role_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('role_type', 'text', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('rights', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('roles_org_name').on('roles').columns(['org_id', 'name']).execute();

  await withId(db, db.schema.createTable('memberships'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('memberships_user_org', ['user_id', 'org_id'])
    .execute();
  await db.schema
    .createIndex('memberships_org_role')
    .on('memberships')
    .columns(['org_id', 'role_id'])
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('session_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('revoked_ms', 'bigint')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_ms', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await withId(db, db.schema.createTable('api_tokens'))
    .addColumn('token_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('rights', 'text')
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('expires_ms', 'bigint')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_org').on('api_tokens').column('org_id').execute();

  await withId(db, db.schema.createTable('email_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_ms', 'bigint')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('invite_codes'))
    .addColumn('invite_code_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('usergroup_id', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('email_invites'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('invite_code_uuid', 'text')
    .addColumn('pending', 'boolean', (c) => c.notNull())
    .addColumn('email_sent', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('email_invites_org_email', ['org_id', 'email_lower'])
    .execute();

  await withId(db, db.schema.createTable('packs'))
    .addColumn('pack_id', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('pack_type', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('platform_subscription_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();

  await seedGlobalRoles(db);
}

const CRUD = (create: boolean, read: boolean, update: boolean, remove: boolean) => ({
  action_create: create,
  action_read: read,
  action_update: update,
  action_delete: remove,
});
const OWN = (create: boolean, read: boolean, update: boolean, remove: boolean, own: boolean) => ({
  ...CRUD(create, read, update, remove),
  action_read_own: own || read,
  action_update_own: own,
  action_delete_own: own,
});

/** Rights of the four global roles, as the existing product seeds them (reference §1.2). */
const GLOBAL_ROLES = [
  {
    id: 1,
    role_uuid: 'role_global_admin',
    name: 'Admin',
    description: 'Full platform control',
    rights: {
      courses: OWN(true, true, true, true, true),
      users: CRUD(true, true, true, true),
      usergroups: CRUD(true, true, true, true),
      collections: CRUD(true, true, true, true),
      organizations: CRUD(true, true, true, true),
      coursechapters: CRUD(true, true, true, true),
      activities: CRUD(true, true, true, true),
      roles: CRUD(true, true, true, true),
      folders: CRUD(true, true, true, true),
      media: CRUD(true, true, true, true),
      assignments: CRUD(true, true, true, true),
      certifications: CRUD(true, true, true, true),
      search: CRUD(false, true, false, false),
      webhooks: CRUD(true, true, true, true),
      communities: CRUD(true, true, true, true),
      discussions: OWN(true, true, true, true, true),
      podcasts: OWN(true, true, true, true, true),
      boards: OWN(true, true, true, true, true),
      playgrounds: OWN(true, true, true, true, true),
      dashboard: { action_access: true },
    },
  },
  {
    id: 2,
    role_uuid: 'role_global_maintainer',
    name: 'Maintainer',
    description: 'Wide permissions without platform control',
    rights: {
      courses: OWN(true, true, true, true, true),
      users: CRUD(true, true, true, false),
      usergroups: CRUD(true, true, true, true),
      collections: CRUD(true, true, true, true),
      organizations: CRUD(false, true, false, false),
      coursechapters: CRUD(true, true, true, true),
      activities: CRUD(true, true, true, true),
      roles: CRUD(false, true, false, false),
      folders: CRUD(true, true, true, true),
      media: CRUD(true, true, true, true),
      assignments: CRUD(true, true, true, true),
      certifications: CRUD(true, true, true, true),
      search: CRUD(false, true, false, false),
      webhooks: CRUD(true, true, true, true),
      communities: CRUD(true, true, true, true),
      discussions: OWN(true, true, true, true, true),
      podcasts: OWN(true, true, true, true, true),
      boards: OWN(true, true, true, true, true),
      playgrounds: OWN(true, true, true, true, true),
      dashboard: { action_access: true },
    },
  },
  {
    id: 3,
    role_uuid: 'role_global_instructor',
    name: 'Instructor',
    description: 'Manages their own content',
    rights: {
      courses: OWN(true, true, false, false, true),
      users: CRUD(false, false, false, false),
      usergroups: CRUD(false, true, false, false),
      collections: CRUD(true, true, false, false),
      organizations: CRUD(false, false, false, false),
      coursechapters: CRUD(true, true, false, false),
      activities: CRUD(true, true, false, false),
      roles: CRUD(false, false, false, false),
      folders: CRUD(true, true, false, false),
      media: CRUD(true, true, false, false),
      assignments: CRUD(true, true, true, false),
      certifications: CRUD(true, true, false, false),
      search: CRUD(false, true, false, false),
      webhooks: CRUD(false, false, false, false),
      communities: CRUD(false, true, false, false),
      discussions: OWN(true, true, false, false, true),
      podcasts: OWN(true, true, false, false, true),
      boards: OWN(true, true, false, false, true),
      playgrounds: OWN(true, true, false, false, true),
      dashboard: { action_access: true },
    },
  },
  {
    id: 4,
    role_uuid: 'role_global_user',
    name: 'User',
    description: 'Read-only learner',
    rights: {
      courses: OWN(false, true, false, false, false),
      users: CRUD(false, false, false, false),
      usergroups: CRUD(false, true, false, false),
      collections: CRUD(false, true, false, false),
      organizations: CRUD(false, false, false, false),
      coursechapters: CRUD(false, true, false, false),
      activities: CRUD(false, true, false, false),
      roles: CRUD(false, false, false, false),
      folders: CRUD(false, true, false, false),
      media: CRUD(false, true, false, false),
      assignments: CRUD(false, true, false, false),
      certifications: CRUD(false, true, false, false),
      search: CRUD(false, true, false, false),
      webhooks: CRUD(false, false, false, false),
      communities: CRUD(false, true, false, false),
      discussions: OWN(true, true, false, false, true),
      podcasts: OWN(false, true, false, false, false),
      boards: OWN(false, true, false, false, false),
      playgrounds: OWN(false, true, false, false, false),
      dashboard: { action_access: false },
    },
  },
];

async function seedGlobalRoles(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await db
    .insertInto('roles')
    .values(
      GLOBAL_ROLES.map((role) => ({
        id: role.id,
        role_uuid: role.role_uuid,
        name: role.name,
        description: role.description,
        role_type: 'TYPE_GLOBAL',
        org_id: null,
        rights: JSON.stringify(role.rights),
        creation_date: now,
        update_date: now,
      })),
    )
    .execute();
  // Explicit ids bypass PostgreSQL's sequence; move it past them.
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('roles', 'id'), 4)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'packs',
    'email_invites',
    'invite_codes',
    'email_tokens',
    'api_tokens',
    'refresh_tokens',
    'sessions',
    'memberships',
    'roles',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
