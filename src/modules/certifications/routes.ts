/** Certifications over HTTP: define one per course, read your certificates, verify any by code. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireSessionUser } from '../../core/auth/principal.ts';
import type { AppContext } from '../../core/context.ts';
import { JsonObject, MessageResponse, Nullable } from '../../core/http/schemas.ts';
import { getCourseOr404 } from '../courses/service.ts';
import type { CertificateUserRow, CertificationRow } from './queries.ts';
import * as certifications from './service.ts';

const tags = ['certifications'];

const CertificationRead = Type.Object({
  id: Type.Integer(),
  certification_uuid: Type.String(),
  course_id: Type.Integer(),
  org_id: Type.Integer(),
  config: JsonObject,
  creation_date: Type.String(),
  update_date: Type.String(),
});
const CertificateUserRead = Type.Object({
  id: Type.Integer(),
  user_certification_uuid: Type.String(),
  certification_id: Type.Integer(),
  user_id: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const Awarded = Type.Object({ certificate_user: CertificateUserRead, certification: CertificationRead });

const toCertificationRead = (row: CertificationRow): Static<typeof CertificationRead> => ({
  id: row.id,
  certification_uuid: row.certification_uuid,
  course_id: row.course_id,
  org_id: row.org_id,
  config: JSON.parse(row.config),
  creation_date: row.creation_date,
  update_date: row.update_date,
});
const toCertificateUserRead = (row: CertificateUserRow): Static<typeof CertificateUserRead> => ({
  id: row.id,
  user_certification_uuid: row.user_certification_uuid,
  certification_id: row.certification_id,
  user_id: row.user_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function certificationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const Params = Type.Object({ certification_uuid: Type.String() });

  app.post(
    '/api/v1/certifications/',
    {
      schema: {
        tags,
        summary: 'Define the certification of a course (awarded automatically on completion)',
        body: Type.Object({ course_id: Type.Integer(), config: JsonObject }),
        response: { 200: CertificationRead },
      },
    },
    async (request) =>
      toCertificationRead(await certifications.createCertification(ctx, request.principal, request.body)),
  );

  app.get(
    '/api/v1/certifications/:certification_uuid',
    { schema: { tags, summary: 'One certification', params: Params, response: { 200: CertificationRead } } },
    async (request) =>
      toCertificationRead(
        await certifications.readCertification(ctx, request.principal, request.params.certification_uuid),
      ),
  );

  app.get(
    '/api/v1/certifications/course/:course_uuid',
    {
      schema: {
        tags,
        summary: "A course's certification",
        params: Type.Object({ course_uuid: Type.String() }),
        response: { 200: CertificationRead },
      },
    },
    async (request) =>
      toCertificationRead(
        await certifications.readCourseCertification(ctx, request.principal, request.params.course_uuid),
      ),
  );

  app.put(
    '/api/v1/certifications/:certification_uuid',
    {
      schema: {
        tags,
        summary: 'Change how the certificate looks',
        params: Params,
        body: Type.Object({ config: JsonObject }),
        response: { 200: CertificationRead },
      },
    },
    async (request) =>
      toCertificationRead(
        await certifications.updateCertification(
          ctx,
          request.principal,
          request.params.certification_uuid,
          request.body.config,
        ),
      ),
  );

  app.delete(
    '/api/v1/certifications/:certification_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a certification and the certificates awarded',
        params: Params,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await certifications.deleteCertification(ctx, request.principal, request.params.certification_uuid);
      return { detail: 'Certification deleted' };
    },
  );

  app.get(
    '/api/v1/certifications/user/course/:course_uuid',
    {
      schema: {
        tags,
        summary: 'Your certificates for a course',
        params: Type.Object({ course_uuid: Type.String() }),
        response: { 200: Type.Array(Awarded) },
      },
    },
    async (request) => {
      requireSessionUser(request.principal);
      const course = await getCourseOr404(ctx.database.db, request.params.course_uuid);
      return (await certifications.myCertificates(ctx, request.principal.id, course.id)).map((entry) => ({
        certificate_user: toCertificateUserRead(entry.certificate),
        certification: toCertificationRead(entry.certification),
      }));
    },
  );

  app.get(
    '/api/v1/certifications/user/all',
    { schema: { tags, summary: 'All your certificates', response: { 200: Type.Array(Awarded) } } },
    async (request) => {
      requireSessionUser(request.principal);
      return (await certifications.myCertificates(ctx, request.principal.id)).map((entry) => ({
        certificate_user: toCertificateUserRead(entry.certificate),
        certification: toCertificationRead(entry.certification),
      }));
    },
  );

  app.get(
    '/api/v1/certifications/certificate/:user_certification_uuid',
    {
      schema: {
        tags,
        summary: 'Verify a certificate by its code (public)',
        security: [],
        params: Type.Object({ user_certification_uuid: Type.String() }),
        response: {
          200: Type.Object({
            certificate_user: CertificateUserRead,
            certification: CertificationRead,
            course: Type.Object({
              id: Type.Integer(),
              course_uuid: Type.String(),
              name: Type.String(),
              description: Nullable(Type.String()),
              thumbnail_image: Nullable(Type.String()),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { certificate, certification, course } = await certifications.verifyCertificate(
        ctx,
        request.params.user_certification_uuid,
      );
      return {
        certificate_user: toCertificateUserRead(certificate),
        certification: toCertificationRead(certification),
        course: {
          id: course.id,
          course_uuid: course.course_uuid,
          name: course.name,
          description: course.description,
          thumbnail_image: course.thumbnail_image,
        },
      };
    },
  );
}
