import type {
  ChangePeriodBodySchema,
  CheckoutBodySchema,
  CheckoutResponse,
  DemoCheckoutResultResponse,
  DemoCheckoutSession,
  DemoSessionBodySchema,
  DemoSessionQuerySchema,
  HandlePaymentSuccessBodySchema,
  HandlePaymentSuccessResponse,
  PortalResponse,
  RenewalBodySchema,
  SubscriptionSummary,
} from '../billing';
import { endpointTable, get, post } from './endpoint';

/** docs/api.md "Membership and payments". The demo's routes exist with the demo provider, the webhook with Stripe. */
export const billingEndpoints = endpointTable<BillingShapes>()({
  checkout: post('/api/billing/checkout', { encoding: 'json' }),
  /** Answers the user; a `Turtle-Payment-Notice` header beside it tells of a refunded second purchase. */
  paymentSuccess: post('/api/stripe/handle_payment_success', { encoding: 'form' }),
  portal: post('/api/billing/portal'),
  demoSession: get('/api/billing/demo/session'),
  demoPay: post('/api/billing/demo/pay', { encoding: 'json' }),
  demoCancel: post('/api/billing/demo/cancel', { encoding: 'json' }),
  /** Stripe's signed event, read as raw bytes by the route's own parser (so no `encoding` here). */
  stripeWebhook: post('/api/stripe/webhook', { kind: 'webhook' }),
  subscription: get('/api/billing/subscription'),
  renewal: post('/api/billing/renewal', { encoding: 'json' }),
  period: post('/api/billing/period', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type BillingShapes = {
  checkout: { body: typeof CheckoutBodySchema; response: CheckoutResponse };
  paymentSuccess: { body: typeof HandlePaymentSuccessBodySchema; response: HandlePaymentSuccessResponse };
  portal: { response: PortalResponse };
  demoSession: { query: typeof DemoSessionQuerySchema; response: DemoCheckoutSession };
  demoPay: { body: typeof DemoSessionBodySchema; response: DemoCheckoutResultResponse };
  demoCancel: { body: typeof DemoSessionBodySchema; response: DemoCheckoutResultResponse };
  stripeWebhook: { response: { received: true } };
  subscription: { response: SubscriptionSummary };
  renewal: { body: typeof RenewalBodySchema; response: SubscriptionSummary };
  period: { body: typeof ChangePeriodBodySchema; response: SubscriptionSummary };
};
