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
import { defineEndpoints, shapes } from './endpoint';

/** docs/api.md "Membership and payments". The demo's routes exist with the demo provider, the webhook with Stripe. */
export const billingEndpoints = defineEndpoints({
  checkout: {
    method: 'POST',
    path: '/api/billing/checkout',
    encoding: 'json',
    shapes: shapes<{ body: typeof CheckoutBodySchema; response: CheckoutResponse }>(),
  },
  /** Answers the user; a `Turtle-Payment-Notice` header beside it tells of a refunded second purchase. */
  paymentSuccess: {
    method: 'POST',
    path: '/api/stripe/handle_payment_success',
    encoding: 'form',
    shapes: shapes<{ body: typeof HandlePaymentSuccessBodySchema; response: HandlePaymentSuccessResponse }>(),
  },
  portal: { method: 'POST', path: '/api/billing/portal', shapes: shapes<{ response: PortalResponse }>() },
  demoSession: {
    method: 'GET',
    path: '/api/billing/demo/session',
    shapes: shapes<{ query: typeof DemoSessionQuerySchema; response: DemoCheckoutSession }>(),
  },
  demoPay: {
    method: 'POST',
    path: '/api/billing/demo/pay',
    encoding: 'json',
    shapes: shapes<{ body: typeof DemoSessionBodySchema; response: DemoCheckoutResultResponse }>(),
  },
  demoCancel: {
    method: 'POST',
    path: '/api/billing/demo/cancel',
    encoding: 'json',
    shapes: shapes<{ body: typeof DemoSessionBodySchema; response: DemoCheckoutResultResponse }>(),
  },
  /** Stripe's signed event, read as raw bytes by the route's own parser (so no `encoding` here). */
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    kind: 'webhook',
    shapes: shapes<{ response: { received: true } }>(),
  },
  subscription: {
    method: 'GET',
    path: '/api/billing/subscription',
    shapes: shapes<{ response: SubscriptionSummary }>(),
  },
  renewal: {
    method: 'POST',
    path: '/api/billing/renewal',
    encoding: 'json',
    shapes: shapes<{ body: typeof RenewalBodySchema; response: SubscriptionSummary }>(),
  },
  period: {
    method: 'POST',
    path: '/api/billing/period',
    encoding: 'json',
    shapes: shapes<{ body: typeof ChangePeriodBodySchema; response: SubscriptionSummary }>(),
  },
});
