import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Folders and their items, communities with discussions, votes and comments, playgrounds,
 * podcasts with authors and episodes, and whiteboards with their members.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('folders'))
    .addColumn('folder_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parent_folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull())
    .addColumn('thumbnail_image', 'text')
    .addColumn('color', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('folders_org_parent')
    .on('folders')
    .columns(['org_id', 'parent_folder_id'])
    .execute();
  await db.schema.createIndex('folders_parent').on('folders').column('parent_folder_id').execute();

  // Items point at any resource by uuid (courses, podcasts, communities…); no foreign key.
  await db.schema
    .createTable('folder_items')
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('resource_uuid', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_items_pk', ['folder_id', 'resource_uuid'])
    .execute();
  await db.schema.createIndex('folder_items_resource').on('folder_items').column('resource_uuid').execute();

  await withId(db, db.schema.createTable('communities'))
    .addColumn('community_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull())
    .addColumn('thumbnail_image', 'text')
    .addColumn('moderation_words', 'text', (c) => c.notNull())
    .addColumn('moderation_settings', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('communities_org').on('communities').column('org_id').execute();

  await withId(db, db.schema.createTable('discussions'))
    .addColumn('discussion_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('community_id', 'integer', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('label', 'text')
    .addColumn('emoji', 'text')
    .addColumn('upvote_count', 'integer', (c) => c.notNull())
    .addColumn('edit_count', 'integer', (c) => c.notNull())
    .addColumn('is_pinned', 'boolean', (c) => c.notNull())
    .addColumn('is_locked', 'boolean', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discussions_community')
    .on('discussions')
    .columns(['community_id', 'is_pinned', 'id'])
    .execute();
  await db.schema.createIndex('discussions_author').on('discussions').column('author_id').execute();

  await db.schema
    .createTable('discussion_votes')
    .addColumn('discussion_id', 'integer', (c) =>
      c.notNull().references('discussions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('discussion_votes_pk', ['discussion_id', 'user_id'])
    .execute();
  await db.schema.createIndex('discussion_votes_user').on('discussion_votes').column('user_id').execute();

  await withId(db, db.schema.createTable('discussion_comments'))
    .addColumn('comment_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('discussion_id', 'integer', (c) =>
      c.notNull().references('discussions.id').onDelete('cascade'),
    )
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('edit_count', 'integer', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discussion_comments_discussion')
    .on('discussion_comments')
    .columns(['discussion_id', 'id'])
    .execute();
  await db.schema
    .createIndex('discussion_comments_author')
    .on('discussion_comments')
    .column('author_id')
    .execute();

  await withId(db, db.schema.createTable('playgrounds'))
    .addColumn('playground_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('html_content', 'text')
    .addColumn('access_type', 'text', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playgrounds_org').on('playgrounds').column('org_id').execute();
  await db.schema.createIndex('playgrounds_created_by').on('playgrounds').column('created_by').execute();

  await withId(db, db.schema.createTable('podcasts'))
    .addColumn('podcast_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('about', 'text')
    .addColumn('tags', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('public', 'boolean', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull())
    .addColumn('seo', 'text')
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('podcasts_org').on('podcasts').column('org_id').execute();

  await withId(db, db.schema.createTable('podcast_authors'))
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('authorship', 'text', (c) => c.notNull())
    .addColumn('authorship_status', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('podcast_authors_podcast_user', ['podcast_id', 'user_id'])
    .execute();
  await db.schema.createIndex('podcast_authors_user').on('podcast_authors').column('user_id').execute();

  await withId(db, db.schema.createTable('podcast_episodes'))
    .addColumn('episode_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('episode_number', 'integer', (c) => c.notNull())
    .addColumn('audio_key', 'text', (c) => c.notNull())
    .addColumn('audio_content_type', 'text', (c) => c.notNull())
    .addColumn('audio_size', 'bigint', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('podcast_episodes_podcast')
    .on('podcast_episodes')
    .columns(['podcast_id', 'episode_number'])
    .execute();

  await withId(db, db.schema.createTable('boards'))
    .addColumn('board_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('thumbnail_image', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('boards_org').on('boards').column('org_id').execute();

  await db.schema
    .createTable('board_members')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_members_pk', ['board_id', 'user_id'])
    .execute();
  await db.schema.createIndex('board_members_user').on('board_members').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'board_members',
    'boards',
    'podcast_episodes',
    'podcast_authors',
    'podcasts',
    'playgrounds',
    'discussion_comments',
    'discussion_votes',
    'discussions',
    'communities',
    'folder_items',
    'folders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
