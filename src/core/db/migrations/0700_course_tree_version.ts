import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * `courses.tree_version` counts changes to anything a course's tree shows (its authors,
 * chapters, activities and their order). Triggers keep it, so no write path can forget to:
 * readers cache a course tree for as long as the course row, version included, is unchanged.
 */
const TREE_TABLES = ['course_authors', 'chapters', 'course_chapters', 'activities', 'chapter_activities'];

async function sqliteTriggers(db: Kysely<any>, table: string): Promise<void> {
  const bump = (row: 'NEW' | 'OLD') =>
    `UPDATE courses SET tree_version = tree_version + 1 WHERE id = ${row}.course_id;`;
  await sql
    .raw(`CREATE TRIGGER ${table}_tree_insert AFTER INSERT ON ${table} BEGIN ${bump('NEW')} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_tree_update AFTER UPDATE ON ${table} BEGIN ${bump('OLD')} ` +
        `UPDATE courses SET tree_version = tree_version + 1 WHERE id = NEW.course_id AND NEW.course_id <> OLD.course_id; END`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${table}_tree_delete AFTER DELETE ON ${table} BEGIN ${bump('OLD')} END`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('tree_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function bump_course_tree_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update courses set tree_version = tree_version + 1 where id = old.course_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.course_id <> old.course_id) then
          update courses set tree_version = tree_version + 1 where id = new.course_id;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of TREE_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_tree_version after insert or update or delete on ${table} ` +
            'for each row execute function bump_course_tree_version()',
        )
        .execute(db);
    }
  } else {
    for (const table of TREE_TABLES) await sqliteTriggers(db, table);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TREE_TABLES) {
    if (isPostgres(db)) await sql.raw(`drop trigger ${table}_tree_version on ${table}`).execute(db);
    else {
      for (const op of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_tree_${op}`).execute(db);
      }
    }
  }
  if (isPostgres(db)) await sql`drop function bump_course_tree_version()`.execute(db);
  await db.schema.alterTable('courses').dropColumn('tree_version').execute();
}
