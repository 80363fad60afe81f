import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BILLING_MESSAGES, type SubscriptionSummary } from '@turtle/shared/billing';
import { MINUTE_MS } from '@turtle/shared/constants';
import { billingEndpoints } from '@turtle/shared/endpoints/billing.schemas';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import type { AnyPaymentProvider } from '../../providers/payments/create-payment-provider';
import { requireUser } from '../../core/identity/sessions';
import { registerAccountDeletionStep } from '../../core/identity/account-deletion';
import { findUserById, setMembership, type UserRow } from '../../core/identity/users.repository';
import { findBillingCustomer, updateBillingCustomer, upsertBillingCustomer } from './billing.repository';
import { askProvider } from './fulfillment.service';
import { heldPeriod } from './purchase-guard';
import { demoRenewalStart, startDemoPeriod, subscriptionSummary } from './subscription.service';

/** Each change may cost a Stripe call: a person needs a few. */
const CHANGE_LIMIT = { max: 20, windowMs: 10 * MINUTE_MS };

const notPro = () => new HttpError(409, 'conflict', BILLING_MESSAGES.notPro);

/**
 * Plan & billing (decision 018): the subscription as the member sees it, cancel at the period's end and resume,
 * and the switch between monthly and yearly. Stripe's subscription is changed through its API (the webhook that
 * follows agrees); the demo changes our rows directly.
 */
export function subscriptionRoutes(app: FastifyInstance, db: Db, provider: AnyPaymentProvider): void {
  const changeLimit = rateLimited(app, [{ name: 'billing-change', ...CHANGE_LIMIT, key: perUser }]);
  const summaryOf = async (userId: string): Promise<SubscriptionSummary> => {
    const user = await findUserById(db, userId);
    if (!user) throw new HttpError(401, 'unauthorized', 'Please log in to continue.');
    return subscriptionSummary(db, provider.kind, user, await findBillingCustomer(db, userId));
  };
  /** The caller's billing row, when they hold Pro on a period (not Free, not lifetime). */
  const proBilling = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const period = heldPeriod(user);
    if (effectivePlan(user) !== Plan.PRO || period === null) throw notPro();
    return { user, period, billing: await findBillingCustomer(db, user.id) };
  };

  route(app, billingEndpoints.subscription, { user: requireUser }, async ({ user }) => summaryOf(user.id));

  // These two check the body first, then who is asking (proBilling).
  route(app, billingEndpoints.renewal, { preHandler: changeLimit }, async ({ body: { renew } }, request) => {
    const { user, billing } = await proBilling(request);
    if (provider.kind === 'stripe') {
      const subscriptionId = billing?.provider === 'stripe' ? billing.subscriptionId : null;
      if (!subscriptionId) throw notPro();
      const state = await askProvider(request.log, () => provider.setRenewal(subscriptionId, renew));
      await updateBillingCustomer(db, user.id, {
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        subscriptionStatus: state.status,
        updatedAt: Date.now(),
      });
    } else {
      // A demo Pro from before Plan & billing existed has no row yet: it is made here.
      await upsertBillingCustomer(db, {
        userId: user.id,
        provider: 'demo',
        customerId: null,
        subscriptionId: null,
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: !renew,
        updatedAt: Date.now(),
      });
    }
    return summaryOf(user.id);
  });

  route(app, billingEndpoints.period, { preHandler: changeLimit }, async ({ body: { period } }, request) => {
    const { user, period: held, billing } = await proBilling(request);
    if (held === period) throw new HttpError(409, 'conflict', BILLING_MESSAGES.samePeriod(period));
    if (provider.kind === 'stripe') {
      const subscriptionId = billing?.provider === 'stripe' ? billing.subscriptionId : null;
      if (!subscriptionId) throw notPro();
      const state = await askProvider(request.log, () => provider.changePeriod(subscriptionId, period));
      await db.transaction(async (tx) => {
        if (state.period && state.periodEndMs !== null) {
          await setMembership(tx, user.id, {
            plan: Plan.PRO,
            subscription: state.period === 'monthly' ? Subscription.MONTHLY : Subscription.YEARLY,
            expireAt: state.periodEndMs,
          });
        }
        await updateBillingCustomer(tx, user.id, {
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          subscriptionStatus: state.status,
          updatedAt: Date.now(),
        });
      });
    } else {
      // Like Stripe when the interval changes: the new period starts now.
      await db.transaction((tx) => startDemoPeriod(tx, user.id, period, Date.now()));
    }
    return summaryOf(user.id);
  });

  if (provider.kind === 'demo') {
    // The demo renews what Plan & billing says renews (no money moves), the first time the member is seen after.
    app.addHook('preHandler', async (request) => {
      const user = request.auth?.user;
      if (!user || user.plan !== Plan.PRO || user.expireAt === -1 || user.expireAt > Date.now()) return;
      const start = demoRenewalStart(user, await findBillingCustomer(db, user.id), Date.now());
      const period = heldPeriod(user);
      if (start === null || period === null || !request.auth) return;
      await db.transaction((tx) => startDemoPeriod(tx, user.id, period, start));
      request.auth = { ...request.auth, user: (await findUserById(db, user.id)) ?? user };
    });
  } else {
    // Deleting the account must not leave Stripe billing a person who is gone.
    registerAccountDeletionStep(app, async (user: UserRow, log) => {
      const billing = await findBillingCustomer(db, user.id);
      const subscriptionId = billing?.provider === 'stripe' ? billing.subscriptionId : null;
      if (subscriptionId && billing?.subscriptionStatus !== 'canceled') {
        await askProvider(log, () => provider.cancelNow(subscriptionId));
      }
    });
  }
}
