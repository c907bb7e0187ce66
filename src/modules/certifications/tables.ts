import type { Generated } from 'kysely';

export interface CertificationsTable {
  id: Generated<number>;
  certification_uuid: string;
  course_id: number;
  org_id: number;
  /** JSON object text: how the certificate looks (title, description, …), owned by clients. */
  config: string;
  creation_date: string;
  update_date: string;
}

export interface CertificateUsersTable {
  id: Generated<number>;
  user_certification_uuid: string;
  certification_id: number;
  user_id: number;
  created_at: string;
  updated_at: string;
}

export interface CertificationTables {
  certifications: CertificationsTable;
  certificate_users: CertificateUsersTable;
}
