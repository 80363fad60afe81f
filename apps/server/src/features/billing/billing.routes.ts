import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '@turtle/shared/constants';
import { billingEndpoints } from '@turtle/shared/endpoints/billing.schemas';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { appOrigin } from '../../lib/app-origin';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { createPaymentProvider, type AnyPaymentProvider } from '../../providers/payments/create-payment-provider';
import { requireUser } from '../../core/identity/sessions';
import { toUserResponse } from '../../core/identity/user-response';
import { registerBillingFigures } from '../../core/identity/billing-figures';
import { claimStripeCustomer, findBillingCustomer } from './billing.repository';
import { billingFigures } from './business-figures';
import { demoCheckoutRoutes } from './demo-checkout.routes';
import { askProvider, verifyAndFulfil } from './fulfillment.service';
import { PAYMENT_NOTICE_HEADER, purchaseConflict } from './purchase-guard';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { subscriptionRoutes } from './subscription.routes';

/** Each of these costs a provider call: a person needs a few, a script guessing ids gets 429. */
const CHECKOUT_LIMIT = { max: 20, windowMs: 10 * MINUTE_MS };
const VERIFY_LIMIT = { max: 30, windowMs: MINUTE_MS };

/** Membership and payments (rules.md): checkout, verification, the billing portal, and each provider's extras. */
export async function billingRoutes(
  app: FastifyInstance,
  db: Db,
  config: AppConfig,
  provider: AnyPaymentProvider = createPaymentProvider(config.payments, db),
) {
  if (provider.kind === 'demo' && config.servedToOthers) {
    app.log.warn('payments: PAYMENTS=demo on a server others reach: anyone can make themselves Pro for free');
  }
  const origin = (request: Parameters<typeof appOrigin>[0]) => appOrigin(request, config.publicOrigin);

  route(
    app,
    billingEndpoints.checkout,
    { user: requireUser, preHandler: rateLimited(app, [{ name: 'checkout', ...CHECKOUT_LIMIT, key: perUser }]) },
    async ({ user, body: { period } }, request) => {
      const billing = await findBillingCustomer(db, user.id);
      const conflict = purchaseConflict(user, billing, period);
      if (conflict) throw conflict;
      let customerId = billing?.provider === 'stripe' ? billing.customerId : null;
      if (provider.kind === 'stripe' && !customerId) {
        // Every checkout of a person names their one customer, so the open ones can be found and expired later.
        const made = await askProvider(request.log, () =>
          provider.createCustomer({ userId: user.id, email: user.email }),
        );
        customerId = await claimStripeCustomer(db, user.id, made.id);
      }
      return askProvider(request.log, () =>
        provider.createCheckout({ userId: user.id, period, origin: origin(request), customerId }),
      );
    },
  );

  route(
    app,
    billingEndpoints.paymentSuccess,
    { user: requireUser, preHandler: rateLimited(app, [{ name: 'payment-success', ...VERIFY_LIMIT, key: perUser }]) },
    async ({ user, body: { csId } }, request, reply) => {
      // The other provider's id format is as wrong as a made-up one: refused without asking anyone.
      if (!provider.isCheckoutId(csId)) throw new HttpError(400, 'validation', 'This is not a checkout id.', 'csId');
      const confirmed = await verifyAndFulfil(db, provider, user, csId, request.log);
      // The body stays the spec's user; a refunded second purchase is told beside it.
      if (confirmed.notice) reply.header(PAYMENT_NOTICE_HEADER, confirmed.notice);
      return toUserResponse(confirmed.user);
    },
  );

  route(app, billingEndpoints.portal, { user: requireUser }, async ({ user }, request) => {
    const billing = await findBillingCustomer(db, user.id);
    // A customer made for a checkout that was never paid has nothing to manage yet.
    if (
      provider.kind !== 'stripe' ||
      billing?.provider !== 'stripe' ||
      !billing.customerId ||
      !billing.subscriptionId
    ) {
      throw new HttpError(404, 'notFound', 'There is no billing account to manage.');
    }
    const customerId = billing.customerId;
    const portal = await askProvider(request.log, () =>
      provider.createPortal({ customerId, returnUrl: `${origin(request)}/account/billing` }),
    );
    return { url: portal.url };
  });

  subscriptionRoutes(app, db, provider);
  // The operator console's figures (decision 037 "The business") come from these rows, read here.
  registerBillingFigures(app, { read: (sinceMs, now) => billingFigures(db, sinceMs, now) });
  if (provider.kind === 'demo') demoCheckoutRoutes(app, db, provider);
  else await stripeWebhookRoutes(app, db, provider);
}
