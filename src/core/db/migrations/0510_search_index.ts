import { type Kysely, sql } from 'kysely';
import { isPostgres, withId } from './helpers.ts';

/**
 * The organization search index: one row per searchable thing (`title` = its name, `body` =
 * descriptions and the like), kept in step by the services in their own transactions.
 * Full text per dialect, both folding case and accents and answering word-prefix queries:
 * - SQLite: a contentless FTS5 table fed by triggers (rowid = search_documents.id), with
 *   prefix indexes for 2 to 4 letters.
 * - PostgreSQL: a stored tsvector (title weighted A, body B) over an immutable `unaccent`
 *   wrapper, with a GIN index.
 * Existing users and courses are indexed here; everything newer is indexed as it is written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('search_documents'))
    .addColumn('org_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_documents_resource', ['resource_type', 'resource_id'])
    .execute();
  await db.schema.createIndex('search_documents_org').on('search_documents').column('org_id').execute();

  if (isPostgres(db)) {
    await sql`create extension if not exists unaccent schema public`.execute(db);
    await sql`
      create or replace function search_unaccent(text) returns text
      language sql immutable parallel safe strict
      as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);
    await sql`
      alter table search_documents add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, search_unaccent(title)), 'A') ||
        setweight(to_tsvector('simple'::regconfig, search_unaccent(body)), 'B')
      ) stored`.execute(db);
    await sql`create index search_documents_vector on search_documents using gin (search_vector)`.execute(db);
  } else {
    await sql`
      create virtual table search_fts using fts5(
        title, body,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      )`.execute(db);
    const row = sql.raw('new.id, new.title, new.body');
    await sql`create trigger search_documents_insert after insert on search_documents begin
      insert into search_fts(rowid, title, body) values (${row});
    end`.execute(db);
    await sql`create trigger search_documents_update after update on search_documents begin
      delete from search_fts where rowid = old.id;
      insert into search_fts(rowid, title, body) values (${row});
    end`.execute(db);
    await sql`create trigger search_documents_delete after delete on search_documents begin
      delete from search_fts where rowid = old.id;
    end`.execute(db);
  }

  await sql`
    insert into search_documents (org_id, resource_type, resource_id, title, body)
    select null, 'user', id, username || ' ' || first_name || ' ' || last_name, '' from users`.execute(db);
  await sql`
    insert into search_documents (org_id, resource_type, resource_id, title, body)
    select org_id, 'course', id, name,
      coalesce(description, '') || ' ' || coalesce(about, '') || ' ' ||
      coalesce(learnings, '') || ' ' || coalesce(tags, '')
    from courses`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_documents').execute();
  if (isPostgres(db)) await sql`drop function if exists search_unaccent(text)`.execute(db);
  else await sql`drop table search_fts`.execute(db);
}
