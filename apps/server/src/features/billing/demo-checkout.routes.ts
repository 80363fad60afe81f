import type { FastifyInstance } from 'fastify';
import { PRO_PRICE_USD } from '@turtle/shared/billing';
import { billingEndpoints } from '@turtle/shared/endpoints/billing.schemas';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { demoStatus, type DemoPaymentProvider } from '../../providers/payments/demo-provider';
import { requireUser } from '../../core/identity/sessions';
import { findBillingCustomer } from './billing.repository';
import { purchaseConflict, SECOND_PURCHASE_MESSAGES } from './purchase-guard';

const demoNotFound = () => new HttpError(404, 'notFound', 'That checkout does not exist.');

/**
 * The demo checkout page's calls (only while the demo provider is active). Each is scoped to the caller: another
 * user's checkout answers 404 like a missing one. Paying only completes the checkout; the upgrade itself happens in
 * `handle_payment_success`, as with Stripe.
 */
export function demoCheckoutRoutes(app: FastifyInstance, db: Db, provider: DemoPaymentProvider): void {
  route(app, billingEndpoints.demoSession, { user: requireUser }, async ({ user, query: { id } }) => {
    const row = await provider.findOwnSession(user.id, id);
    if (!row) throw demoNotFound();
    return { id: row.id, period: row.period, amountUsd: PRO_PRICE_USD[row.period], status: demoStatus(row) };
  });

  route(app, billingEndpoints.demoPay, { user: requireUser }, async ({ user, body: { id } }) => {
    // A checkout opened before the member became Pro (another tab) must not sell Pro a second time: fulfilling the
    // first expired it, and one opened in the same moment as that (still open) expires now.
    const expiredByPro = new HttpError(409, 'conflict', SECOND_PURCHASE_MESSAGES.expired);
    const open = await provider.findOwnSession(user.id, id);
    if (open?.status === 'open') {
      const conflict = purchaseConflict(user, await findBillingCustomer(db, user.id), open.period);
      if (conflict) {
        await provider.expireOpenCheckouts({ userId: user.id });
        throw expiredByPro;
      }
    }
    const outcome = await provider.pay(user.id, id);
    switch (outcome.kind) {
      case 'paid':
        return { url: `/payment/success?cs_id=${outcome.row.id}` };
      case 'notFound':
        throw demoNotFound();
      case 'canceled':
        throw new HttpError(409, 'conflict', 'This checkout was canceled. Start again from the pricing page.');
      case 'expired':
        if (effectivePlan(user) === Plan.PRO) throw expiredByPro;
        throw new HttpError(409, 'conflict', 'This checkout has expired. Start again from the pricing page.');
      case 'refunded':
        throw new HttpError(409, 'conflict', SECOND_PURCHASE_MESSAGES.refunded);
    }
  });

  route(app, billingEndpoints.demoCancel, { user: requireUser }, async ({ user, body: { id } }) => {
    const outcome = await provider.cancel(user.id, id);
    if (outcome.kind === 'notFound') throw demoNotFound();
    if (outcome.kind === 'complete') throw new HttpError(409, 'conflict', 'This checkout is already paid.');
    return { url: '/pricing' };
  });
}
