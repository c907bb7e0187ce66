/**
 * First start on an empty database: the organization `default` (plan pro) and an admin
 * user, so a fresh install is usable at once. The password comes from ADMIN_PASSWORD or
 * is generated and printed once in the log. Later starts find an organization and do
 * nothing; two processes racing on the same empty database create it once.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { isUniqueViolation } from '../../core/db/driver-errors.ts';
import { HttpError } from '../../core/errors/http-errors.ts';
import { countOrgs } from '../orgs/queries.ts';
import { insertOrganization } from '../orgs/service.ts';
import { ROLE_ADMIN } from '../roles/global-roles.ts';
import { addMember } from '../roles/service.ts';
import { createUser } from '../users/service.ts';

function generatePassword(): string {
  // Letters, digits and a fixed special-character tail satisfy the password rules.
  return `${randomBytes(18).toString('base64url')}-A1a!`;
}

export async function ensureFirstStart(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  if ((await countOrgs(db)) > 0) return;
  const password = ctx.config.adminPassword ?? generatePassword();
  try {
    await db.transaction().execute(async (trx) => {
      const org = await insertOrganization(
        trx,
        { name: 'Default Organization', slug: 'default', email: ctx.config.adminEmail },
        { plan: 'pro' },
      );
      const admin = await createUser(
        ctx,
        trx,
        { username: 'admin', email: ctx.config.adminEmail, password, first_name: 'Admin', last_name: '' },
        { signupMethod: 'email', emailVerified: true, isSuperadmin: true, enforcePasswordPolicy: false },
      );
      await addMember(trx, admin.id, org.id, ROLE_ADMIN.id);
    });
  } catch (error) {
    // Another process finished first-start at the same moment.
    if (isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409)) return;
    throw error;
  }
  if (ctx.config.adminPassword) {
    ctx.logger.info(
      { email: ctx.config.adminEmail, org: 'default' },
      'first start: created organization and admin user',
    );
  } else {
    // Printed once, on purpose: nobody else knows this password.
    process.stderr.write(
      `\nFirst start: created organization "default" (plan pro) and admin user ${ctx.config.adminEmail}\n` +
        `  password: ${password}\n  (set ADMIN_PASSWORD to choose it; change it after signing in)\n\n`,
    );
    ctx.logger.info(
      { email: ctx.config.adminEmail, org: 'default' },
      'first start: created organization and admin user (password printed on stderr)',
    );
  }
}
