import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Courses and their tree (chapters, activities, their order), authorship, activity
 * versions, media blocks, course updates and collections.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('courses'))
    .addColumn('course_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('about', 'text')
    .addColumn('learnings', 'text')
    .addColumn('tags', 'text')
    .addColumn('thumbnail_type', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('thumbnail_video', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull())
    .addColumn('open_to_contributors', 'boolean', (c) => c.notNull())
    .addColumn('target_language', 'text')
    .addColumn('target_level', 'text')
    .addColumn('target_level_scale', 'text')
    .addColumn('seo', 'text')
    .addColumn('extra_metadata', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courses_org_listing')
    .on('courses')
    .columns(['org_id', 'public', 'published', 'creation_date'])
    .execute();

  await withId(db, db.schema.createTable('course_authors'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('authorship', 'text', (c) => c.notNull())
    .addColumn('authorship_status', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('course_authors_course_user', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('course_authors_user').on('course_authors').column('user_id').execute();

  await withId(db, db.schema.createTable('chapters'))
    .addColumn('chapter_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('lock_type', 'text', (c) => c.notNull())
    .addColumn('extra_metadata', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chapters_course').on('chapters').column('course_id').execute();

  // A chapter's place in its course; no row = unlinked (the chapter itself is kept).
  await db.schema
    .createTable('course_chapters')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('course_chapters_course')
    .on('course_chapters')
    .columns(['course_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('activities'))
    .addColumn('activity_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('activity_type', 'text', (c) => c.notNull())
    .addColumn('activity_sub_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('published', 'boolean', (c) => c.notNull())
    .addColumn('lock_type', 'text', (c) => c.notNull())
    .addColumn('extra_metadata', 'text')
    .addColumn('current_version', 'integer', (c) => c.notNull())
    // Bumped on every change; readers cache content by (id, revision).
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('published_version', 'integer')
    .addColumn('last_modified_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_course').on('activities').column('course_id').execute();

  // An activity's place in a chapter; at most one chapter per activity.
  await db.schema
    .createTable('chapter_activities')
    .addColumn('activity_id', 'integer', (c) =>
      c.primaryKey().references('activities.id').onDelete('cascade'),
    )
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chapter_activities_chapter')
    .on('chapter_activities')
    .columns(['chapter_id', 'position'])
    .execute();
  await db.schema
    .createIndex('chapter_activities_course')
    .on('chapter_activities')
    .column('course_id')
    .execute();

  await withId(db, db.schema.createTable('activity_versions'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('activity_versions_number', ['activity_id', 'version_number'])
    .execute();

  await withId(db, db.schema.createTable('blocks'))
    .addColumn('block_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('block_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer')
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blocks_activity').on('blocks').column('activity_id').execute();

  await withId(db, db.schema.createTable('course_updates'))
    .addColumn('courseupdate_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('linked_activity_uuids', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_updates_course').on('course_updates').column('course_id').execute();

  await withId(db, db.schema.createTable('collections'))
    .addColumn('collection_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('collection_courses')
    .addColumn('collection_id', 'integer', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_courses_pk', ['collection_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'collection_courses',
    'collections',
    'course_updates',
    'blocks',
    'activity_versions',
    'chapter_activities',
    'activities',
    'course_chapters',
    'chapters',
    'course_authors',
    'courses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
