/**
 * Certifications: a course may define one; it is awarded automatically, once, when a
 * learner completes the course (progress module), and anyone can verify an awarded
 * certificate by its code.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Principal } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { conflict, notFound } from '../../core/errors/http-errors.ts';
import { type Executor, emit } from '../../core/events/emit.ts';
import { prefixedUuid } from '../../core/ids.ts';
import { formatDateTime } from '../../core/time.ts';
import { requireCourseEdit, requireCourseRead } from '../courses/access.ts';
import { toEventCourse } from '../courses/present.ts';
import { type CourseRow, getCourseByIdOr404, getCourseOr404 } from '../courses/service.ts';
import { toEventUser } from '../users/present.ts';
import type { UserRow } from '../users/service.ts';
import * as queries from './queries.ts';

export type { CertificateUserRow, CertificationRow } from './queries.ts';
export { findCertificationsByIds } from './queries.ts';

/** Two letters, the award date, the end of the user's uuid and random hex: `KQ-20261122-3f9a-1b2c3d4e`. */
function certificateCode(user: UserRow): string {
  const letters = String.fromCharCode(65 + randomInt(26), 65 + randomInt(26));
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `${letters}-${date}-${user.user_uuid.slice(-4)}-${randomBytes(4).toString('hex')}`;
}

/** Awards the course's certificate (if it has one) unless the user already holds it; fires certificate_claimed once. */
export async function awardCertificate(trx: Executor, user: UserRow, course: CourseRow) {
  const certification = await queries.findCertificationOfCourse(trx, course.id);
  if (!certification) return undefined;
  const now = formatDateTime();
  const awarded = await queries.insertCertificateOnce(trx, {
    user_certification_uuid: certificateCode(user),
    certification_id: certification.id,
    user_id: user.id,
    created_at: now,
    updated_at: now,
  });
  if (!awarded) return undefined;
  await emit(trx, course.org_id, 'certificate_claimed', {
    user: toEventUser(user),
    course: toEventCourse(course),
    certificate: { user_certification_uuid: awarded.user_certification_uuid },
  });
  return awarded;
}

/** Takes back the certificate of a course (a submission was reopened or retried). */
export async function revokeCertificate(trx: Executor, userId: number, courseId: number): Promise<void> {
  const certification = await queries.findCertificationOfCourse(trx, courseId);
  if (certification) await queries.deleteCertificate(trx, certification.id, userId);
}

export async function createCertification(
  ctx: AppContext,
  principal: Principal,
  input: { course_id: number; config: Record<string, unknown> },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    const course = await getCourseByIdOr404(trx, input.course_id);
    await requireCourseEdit(trx, principal, course, 'create');
    if (await queries.findCertificationOfCourse(trx, course.id))
      throw conflict('This course already has a certification');
    const now = formatDateTime();
    return queries.insertCertification(trx, {
      certification_uuid: prefixedUuid('certification'),
      course_id: course.id,
      org_id: course.org_id,
      config: JSON.stringify(input.config),
      creation_date: now,
      update_date: now,
    });
  });
}

async function certificationOr404(db: Executor, uuid: string) {
  const certification = await queries.findCertificationByUuid(db, uuid);
  if (!certification) throw notFound('Certification not found');
  return certification;
}

export async function readCertification(ctx: AppContext, principal: Principal, uuid: string) {
  const db = ctx.database.db;
  const certification = await certificationOr404(db, uuid);
  await requireCourseRead(db, principal, await getCourseByIdOr404(db, certification.course_id));
  return certification;
}

export async function readCourseCertification(ctx: AppContext, principal: Principal, courseUuid: string) {
  const db = ctx.database.db;
  const course = await getCourseOr404(db, courseUuid);
  await requireCourseRead(db, principal, course);
  const certification = await queries.findCertificationOfCourse(db, course.id);
  if (!certification) throw notFound('This course has no certification');
  return certification;
}

export async function updateCertification(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  config: Record<string, unknown>,
) {
  const db = ctx.database.db;
  const certification = await certificationOr404(db, uuid);
  await requireCourseEdit(db, principal, await getCourseByIdOr404(db, certification.course_id));
  return queries.updateCertification(db, certification.id, {
    config: JSON.stringify(config),
    update_date: formatDateTime(),
  });
}

export async function deleteCertification(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
): Promise<void> {
  const db = ctx.database.db;
  const certification = await certificationOr404(db, uuid);
  await requireCourseEdit(db, principal, await getCourseByIdOr404(db, certification.course_id), 'delete');
  await queries.deleteCertification(db, certification.id);
}

export async function myCertificates(ctx: AppContext, userId: number, courseId?: number) {
  const db = ctx.database.db;
  const awarded = await queries.listCertificatesOfUser(db, userId);
  const certifications = new Map(
    (
      await queries.findCertificationsByIds(
        db,
        awarded.map((a) => a.certification_id),
      )
    ).map((c) => [c.id, c]),
  );
  return awarded
    .map((certificate) => ({ certificate, certification: certifications.get(certificate.certification_id)! }))
    .filter(
      (entry) =>
        entry.certification && (courseId === undefined || entry.certification.course_id === courseId),
    );
}

/** Public verification by code: the certificate, its certification and the course's public face. */
export async function verifyCertificate(ctx: AppContext, code: string) {
  const db = ctx.database.db;
  const certificate = await queries.findCertificateByUuid(db, code);
  if (!certificate) throw notFound('Certificate not found');
  const [certification] = await queries.findCertificationsByIds(db, [certificate.certification_id]);
  const course = await getCourseByIdOr404(db, certification.course_id);
  return { certificate, certification, course };
}
