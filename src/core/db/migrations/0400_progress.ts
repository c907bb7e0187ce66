import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Learner progress: a trail per user and organization, one run per enrolled course, one
 * step per activity marked done; certifications a course can define and the ones awarded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('trails'))
    .addColumn('trail_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('trails_org_user', ['org_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('trail_runs'))
    .addColumn('trail_id', 'integer', (c) => c.notNull().references('trails.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('enrolled', 'boolean', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('trail_runs_course_user', ['course_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('trail_steps'))
    .addColumn('trail_run_id', 'integer', (c) => c.notNull().references('trail_runs.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('complete', 'boolean', (c) => c.notNull())
    .addColumn('teacher_verified', 'boolean', (c) => c.notNull())
    .addColumn('grade', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('trail_steps_activity_user', ['activity_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('trail_steps_course_user')
    .on('trail_steps')
    .columns(['course_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('certifications'))
    .addColumn('certification_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().unique().references('courses.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('certificate_users'))
    .addColumn('user_certification_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('certification_id', 'integer', (c) =>
      c.notNull().references('certifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('certificate_users_once', ['certification_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['certificate_users', 'certifications', 'trail_steps', 'trail_runs', 'trails']) {
    await db.schema.dropTable(table).execute();
  }
}
