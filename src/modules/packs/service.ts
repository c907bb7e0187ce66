/**
 * Subscription packs, driven by the billing platform (not by organization users):
 * activating a new pack fires `pack_activated`, cancelling an active one `pack_deactivated`.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors/http-errors.ts';
import { emit } from '../../core/events/emit.ts';
import { formatDateTime } from '../../core/time.ts';
import { getOrgOr404 } from '../orgs/service.ts';
import * as queries from './queries.ts';

export interface PackActivation {
  pack_id?: string;
  pack_type: string;
  quantity: number;
  platform_subscription_id: string;
}

export async function activatePack(ctx: AppContext, orgId: number, input: PackActivation) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    const now = formatDateTime();
    const existing = await queries.findPack(trx, orgId, input.pack_id, input.platform_subscription_id);
    if (existing) {
      // Re-activation of a known pack is not a new pack: no event.
      return queries.updatePack(trx, existing.id, {
        status: 'active',
        quantity: input.quantity,
        update_date: now,
      });
    }
    const pack = await queries.insertPack(trx, {
      pack_id: input.pack_id ?? `pack_${randomUUID()}`,
      org_id: orgId,
      pack_type: input.pack_type,
      quantity: input.quantity,
      platform_subscription_id: input.platform_subscription_id,
      status: 'active',
      creation_date: now,
      update_date: now,
    });
    await emit(trx, orgId, 'pack_activated', {
      pack_id: pack.pack_id,
      pack_type: pack.pack_type,
      quantity: pack.quantity,
      platform_subscription_id: pack.platform_subscription_id,
    });
    return pack;
  });
}

export async function deactivatePack(
  ctx: AppContext,
  orgId: number,
  input: { pack_id?: string; platform_subscription_id?: string },
) {
  return ctx.database.db.transaction().execute(async (trx) => {
    await getOrgOr404(trx, orgId);
    const pack = await queries.findPack(trx, orgId, input.pack_id, input.platform_subscription_id);
    if (!pack) throw notFound('Pack not found');
    if (pack.status === 'cancelled') return pack;
    const updated = await queries.updatePack(trx, pack.id, {
      status: 'cancelled',
      update_date: formatDateTime(),
    });
    await emit(trx, orgId, 'pack_deactivated', {
      pack_id: pack.pack_id,
      pack_type: pack.pack_type,
      platform_subscription_id: pack.platform_subscription_id,
    });
    return updated;
  });
}
