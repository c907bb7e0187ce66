/** SQL for trails, runs (enrolments) and steps (activities done). */
import { sql } from 'kysely';
import type { Executor } from '../../core/events/emit.ts';
import type { TrailRunsTable, TrailStepsTable, TrailsTable } from './tables.ts';

export type TrailRow = Omit<TrailsTable, 'id'> & { id: number };
export type TrailRunRow = Omit<TrailRunsTable, 'id'> & { id: number };
export type TrailStepRow = Omit<TrailStepsTable, 'id'> & { id: number };

export function findTrail(db: Executor, orgId: number, userId: number): Promise<TrailRow | undefined> {
  return db
    .selectFrom('trails')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findFirstTrailOfUser(db: Executor, userId: number): Promise<TrailRow | undefined> {
  return db.selectFrom('trails').selectAll().where('user_id', '=', userId).orderBy('id').executeTakeFirst();
}

export function insertTrail(db: Executor, trail: Omit<TrailsTable, 'id'>): Promise<TrailRow> {
  return db.insertInto('trails').values(trail).returningAll().executeTakeFirstOrThrow();
}

export function findRun(db: Executor, courseId: number, userId: number): Promise<TrailRunRow | undefined> {
  return db
    .selectFrom('trail_runs')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listRunsOfTrail(db: Executor, trailId: number): Promise<TrailRunRow[]> {
  return db.selectFrom('trail_runs').selectAll().where('trail_id', '=', trailId).orderBy('id').execute();
}

export function listRunsOfCourse(
  db: Executor,
  courseId: number,
  offset: number,
  limit: number,
): Promise<TrailRunRow[]> {
  return db
    .selectFrom('trail_runs')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function insertRun(db: Executor, run: Omit<TrailRunsTable, 'id'>): Promise<TrailRunRow> {
  return db.insertInto('trail_runs').values(run).returningAll().executeTakeFirstOrThrow();
}

export function updateRun(
  db: Executor,
  id: number,
  patch: Partial<Omit<TrailRunsTable, 'id'>>,
): Promise<TrailRunRow> {
  return db
    .updateTable('trail_runs')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRun(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('trail_runs').where('id', '=', id).execute();
}

export function findStep(
  db: Executor,
  activityId: number,
  userId: number,
): Promise<TrailStepRow | undefined> {
  return db
    .selectFrom('trail_steps')
    .selectAll()
    .where('activity_id', '=', activityId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listStepsOfRuns(db: Executor, runIds: number[]): Promise<TrailStepRow[]> {
  if (runIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('trail_steps').selectAll().where('trail_run_id', 'in', runIds).orderBy('id').execute();
}

export function insertStep(db: Executor, step: Omit<TrailStepsTable, 'id'>): Promise<TrailStepRow> {
  return db.insertInto('trail_steps').values(step).returningAll().executeTakeFirstOrThrow();
}

export function updateStep(db: Executor, id: number, patch: Partial<Omit<TrailStepsTable, 'id'>>) {
  return db
    .updateTable('trail_steps')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteStep(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('trail_steps').where('id', '=', id).execute();
}

/** How many of these activities the user has completed. */
export async function countCompleted(db: Executor, userId: number, activityIds: number[]): Promise<number> {
  if (activityIds.length === 0) return 0;
  const row = await db
    .selectFrom('trail_steps')
    .select(sql<number>`count(*)`.as('done'))
    .where('user_id', '=', userId)
    .where('complete', '=', true)
    .where('activity_id', 'in', activityIds)
    .executeTakeFirstOrThrow();
  return Number(row.done);
}

export function listCompletedActivityIds(db: Executor, userId: number, courseId: number): Promise<number[]> {
  return db
    .selectFrom('trail_steps')
    .select('activity_id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('complete', '=', true)
    .execute()
    .then((rows) => rows.map((r) => r.activity_id));
}
