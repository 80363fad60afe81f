import { z } from './zod';
import { PRO_PRICE_MONTHLY_USD, PRO_PRICE_YEARLY_USD } from './constants';
import type { User } from './user';

/** The Pro plan's two billing periods (product.md §2 "Pricing"). */
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export const BillingPeriodSchema = z.enum(BILLING_PERIODS, { error: 'Choose monthly or yearly billing.' });
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;

/** What one period of Pro costs, in US dollars. */
export const PRO_PRICE_USD: Record<BillingPeriod, number> = {
  monthly: PRO_PRICE_MONTHLY_USD,
  yearly: PRO_PRICE_YEARLY_USD,
};

/** A Stripe Checkout Session id (`cs_test_…`, `cs_live_…`). */
export const STRIPE_CHECKOUT_ID_PATTERN = /^cs_(test|live)_[A-Za-z0-9]+$/;
/** A demo checkout's id: `cs_demo_` and 32 letters and digits, made by the server. */
export const DEMO_CHECKOUT_ID_PATTERN = /^cs_demo_[A-Za-z0-9]{32}$/;
/** Stripe's ids are about 66 characters; anything far longer is not one. */
const CHECKOUT_ID_MAX_LENGTH = 255;

const CHECKOUT_ID_MESSAGE = 'This is not a checkout id.';

/** Either provider's checkout id. Which one the server accepts depends on the provider it runs. */
export const CheckoutIdSchema = z
  .string({ error: CHECKOUT_ID_MESSAGE })
  .max(CHECKOUT_ID_MAX_LENGTH, CHECKOUT_ID_MESSAGE)
  .refine((id) => STRIPE_CHECKOUT_ID_PATTERN.test(id) || DEMO_CHECKOUT_ID_PATTERN.test(id), CHECKOUT_ID_MESSAGE);

export const DemoCheckoutIdSchema = z
  .string({ error: CHECKOUT_ID_MESSAGE })
  .regex(DEMO_CHECKOUT_ID_PATTERN, CHECKOUT_ID_MESSAGE);

/** `POST /api/billing/checkout` (JSON). */
export const CheckoutBodySchema = z.object({ period: BillingPeriodSchema });

/**
 * Where the browser goes next: Stripe's hosted checkout (absolute), or the demo checkout page
 * (`/checkout/demo?session=<id>`, relative).
 */
export interface CheckoutResponse {
  url: string;
}

/** `POST /api/stripe/handle_payment_success` (form-encoded, product.md §7): the id from `/payment/success?cs_id=`. */
export const HandlePaymentSuccessBodySchema = z.object({ csId: CheckoutIdSchema });
/** The user, upgraded, exactly as `GET /api/user/status` answers it. */
export type HandlePaymentSuccessResponse = User;

/** `GET /api/billing/demo/session?id=` */
export const DemoSessionQuerySchema = z.object({ id: DemoCheckoutIdSchema });
/** `POST /api/billing/demo/pay` and `POST /api/billing/demo/cancel` (JSON). */
export const DemoSessionBodySchema = z.object({ id: DemoCheckoutIdSchema });

export const DEMO_CHECKOUT_STATUSES = ['open', 'complete', 'canceled'] as const;
export type DemoCheckoutStatus = (typeof DEMO_CHECKOUT_STATUSES)[number];

/** A checkout of the demo provider, as its page shows it. */
export interface DemoCheckoutSession {
  id: string;
  period: BillingPeriod;
  amountUsd: number;
  status: DemoCheckoutStatus;
}

/** Pay answers `/payment/success?cs_id=<id>`; Cancel answers `/pricing`. */
export interface DemoCheckoutResultResponse {
  url: string;
}

/** `POST /api/billing/portal`: Stripe's billing portal ("Manage billing"), for Stripe-backed Pro members. */
export interface PortalResponse {
  url: string;
}

/**
 * `GET /api/billing/subscription`: the Plan & billing page. `renews` says whether `periodEnd` is a renewal ("Renews
 * on") or the last day of Pro ("Ends on"); Free has neither.
 */
export interface SubscriptionSummary {
  plan: 'free' | 'pro';
  /** The Pro period billed, or null on Free. */
  period: BillingPeriod | null;
  /** End of the period paid for (ms), or null. */
  periodEnd: number | null;
  renews: boolean;
  /** The last payment did not go through: Pro ends at `periodEnd` unless the card is fixed in the portal. */
  pastDue: boolean;
  provider: 'stripe' | 'demo';
  /** Invoices and the payment method live in Stripe's portal: true when this member has a Stripe customer. */
  portal: boolean;
  /** The demo provider's payments (it has no portal); empty with Stripe, whose invoices are in the portal. */
  demoPayments: DemoPayment[];
  /** Pro given by an administrator until `periodEnd`, not paid for (decision 037); it does not renew. */
  complimentary: boolean;
}

export interface DemoPayment {
  id: string;
  period: BillingPeriod;
  amountUsd: number;
  /** When it was paid (ms). */
  paidAt: number;
}

/** `POST /api/billing/renewal` (JSON): false cancels at the period's end, true resumes. */
export const RenewalBodySchema = z.object({
  renew: z.boolean({ error: 'Say whether the plan should renew (true or false).' }),
});

/** `POST /api/billing/period` (JSON): switch Pro between monthly and yearly billing. */
export const ChangePeriodBodySchema = z.object({ period: BillingPeriodSchema });

export const BILLING_MESSAGES = {
  alreadyPro: (period: BillingPeriod) =>
    `You already have Pro, billed ${period}. Manage it from Plan & billing instead of buying it again.`,
  switchInstead: (period: BillingPeriod) =>
    `You already have Pro. Switch to ${period} billing from Plan & billing instead of buying it again.`,
  notPro: 'You are on the Free plan: there is no subscription to change.',
  samePeriod: (period: BillingPeriod) => `Your plan is already billed ${period}.`,
} as const;
