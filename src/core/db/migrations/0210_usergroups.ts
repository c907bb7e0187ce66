import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/** User groups, their members, and the resources (by uuid) they unlock. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('usergroups'))
    .addColumn('usergroup_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usergroups_org').on('usergroups').column('org_id').execute();

  await db.schema
    .createTable('usergroup_users')
    .addColumn('usergroup_id', 'integer', (c) => c.notNull().references('usergroups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usergroup_users_pk', ['usergroup_id', 'user_id'])
    .execute();
  await db.schema.createIndex('usergroup_users_user').on('usergroup_users').column('user_id').execute();

  await db.schema
    .createTable('usergroup_resources')
    .addColumn('usergroup_id', 'integer', (c) => c.notNull().references('usergroups.id').onDelete('cascade'))
    .addColumn('resource_uuid', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('usergroup_resources_pk', ['usergroup_id', 'resource_uuid'])
    .execute();
  await db.schema
    .createIndex('usergroup_resources_resource')
    .on('usergroup_resources')
    .column('resource_uuid')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usergroup_resources').execute();
  await db.schema.dropTable('usergroup_users').execute();
  await db.schema.dropTable('usergroups').execute();
}
