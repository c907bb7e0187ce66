import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Assignments: one per assignment activity, its tasks, each learner's answer per task and
 * submission of the whole assignment, and the files learners upload for a task. The
 * unique pairs are what keep concurrent submissions from creating duplicates.
 * `chapter_id` is recorded, not a foreign key: deleting a chapter keeps its activities,
 * and an assignment lives and dies with its activity.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('assignments'))
    .addColumn('assignment_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull())
    .addColumn('grading_type', 'text', (c) => c.notNull())
    .addColumn('auto_grading', 'boolean', (c) => c.notNull())
    .addColumn('anti_copy_paste', 'boolean', (c) => c.notNull())
    .addColumn('show_correct_answers', 'boolean', (c) => c.notNull())
    .addColumn('allow_retries', 'boolean', (c) => c.notNull())
    .addColumn('max_retries', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('activity_id', 'integer', (c) =>
      c.notNull().unique().references('activities.id').onDelete('cascade'),
    )
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assignments_course').on('assignments').column('course_id').execute();

  await withId(db, db.schema.createTable('assignment_tasks'))
    .addColumn('assignment_task_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('reference_file', 'text')
    .addColumn('assignment_type', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('max_grade_value', 'integer', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignment_tasks_assignment')
    .on('assignment_tasks')
    .column('assignment_id')
    .execute();

  await withId(db, db.schema.createTable('assignment_task_submissions'))
    .addColumn('assignment_task_submission_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('assignment_task_id', 'integer', (c) =>
      c.notNull().references('assignment_tasks.id').onDelete('cascade'),
    )
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_submission', 'text', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('task_submission_grade_feedback', 'text', (c) => c.notNull())
    .addColumn('manually_graded', 'boolean', (c) => c.notNull())
    .addColumn('assignment_type', 'text', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('assignment_task_submissions_task_user', ['assignment_task_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('assignment_task_submissions_assignment_user')
    .on('assignment_task_submissions')
    .columns(['assignment_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('assignment_user_submissions'))
    .addColumn('assignment_user_submission_uuid', 'text', (c) => c.notNull().unique())
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_status', 'text', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('overall_feedback', 'text')
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    .addColumn('late', 'boolean', (c) => c.notNull())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .addColumn('update_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('assignment_user_submissions_assignment_user', ['assignment_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('assignment_submission_files'))
    .addColumn('assignment_task_id', 'integer', (c) =>
      c.notNull().references('assignment_tasks.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('creation_date', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'assignment_submission_files',
    'assignment_user_submissions',
    'assignment_task_submissions',
    'assignment_tasks',
    'assignments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
