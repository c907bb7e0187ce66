/** SQL for certifications and awarded certificates. */
import type { Executor } from '../../core/events/emit.ts';
import type { CertificateUsersTable, CertificationsTable } from './tables.ts';

export type CertificationRow = Omit<CertificationsTable, 'id'> & { id: number };
export type CertificateUserRow = Omit<CertificateUsersTable, 'id'> & { id: number };

export function findCertificationByUuid(db: Executor, uuid: string): Promise<CertificationRow | undefined> {
  return db
    .selectFrom('certifications')
    .selectAll()
    .where('certification_uuid', '=', uuid)
    .executeTakeFirst();
}

export function findCertificationOfCourse(
  db: Executor,
  courseId: number,
): Promise<CertificationRow | undefined> {
  return db.selectFrom('certifications').selectAll().where('course_id', '=', courseId).executeTakeFirst();
}

export function insertCertification(
  db: Executor,
  row: Omit<CertificationsTable, 'id'>,
): Promise<CertificationRow> {
  return db.insertInto('certifications').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateCertification(
  db: Executor,
  id: number,
  patch: Partial<Omit<CertificationsTable, 'id'>>,
) {
  return db
    .updateTable('certifications')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCertification(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('certifications').where('id', '=', id).execute();
}

export function findCertificate(db: Executor, certificationId: number, userId: number) {
  return db
    .selectFrom('certificate_users')
    .selectAll()
    .where('certification_id', '=', certificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCertificateByUuid(db: Executor, uuid: string): Promise<CertificateUserRow | undefined> {
  return db
    .selectFrom('certificate_users')
    .selectAll()
    .where('user_certification_uuid', '=', uuid)
    .executeTakeFirst();
}

export function listCertificatesOfUser(db: Executor, userId: number): Promise<CertificateUserRow[]> {
  return db.selectFrom('certificate_users').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findCertificationsByIds(db: Executor, ids: number[]): Promise<CertificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('certifications').selectAll().where('id', 'in', ids).execute();
}

/** Inserts the certificate unless the user already holds it; returns it only when new. */
export async function insertCertificateOnce(db: Executor, row: Omit<CertificateUsersTable, 'id'>) {
  return db
    .insertInto('certificate_users')
    .values(row)
    .onConflict((conflict) => conflict.columns(['certification_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCertificate(
  db: Executor,
  certificationId: number,
  userId: number,
): Promise<void> {
  await db
    .deleteFrom('certificate_users')
    .where('certification_id', '=', certificationId)
    .where('user_id', '=', userId)
    .execute();
}
