import type { FastifyInstance } from 'fastify';

/** A count on one UTC day (`YYYY-MM-DD`). */
export interface DayCount {
  day: string;
  count: number;
}

/**
 * What the payment records say about the business since a moment, for the operator console (decision 037 "The
 * business"). Read by the billing feature from its own rows; complimentary Pro is never a payment.
 */
export interface BillingFigures {
  /** Paid subscriptions live now (the provider's last word `active` or `trialing`, Pro until a later day). */
  subscriptions: { monthly: number; yearly: number };
  /** Of those, the ones the member asked to stop at the period's end (still paid until then). */
  ending: number;
  /** Their prices, a yearly one divided by 12, in US dollars. */
  mrrUsd: number;
  /** People whose first payment fell on each day since the moment. */
  started: DayCount[];
  /** Subscriptions cancelled (now or at the period's end) on each day since the moment, by their last change. */
  cancelled: DayCount[];
  /** Of the people who signed up since the moment, how many have paid since. */
  converted: number;
}

export interface BillingFiguresSource {
  read(sinceMs: number, now: number): Promise<BillingFigures>;
}

const sourcesByApp = new WeakMap<FastifyInstance, BillingFiguresSource>();

/** The billing feature registers its reader here, so the console reads no billing row itself. */
export function registerBillingFigures(app: FastifyInstance, source: BillingFiguresSource): void {
  sourcesByApp.set(app, source);
}

const NO_PAYMENTS: BillingFigures = {
  subscriptions: { monthly: 0, yearly: 0 },
  ending: 0,
  mrrUsd: 0,
  started: [],
  cancelled: [],
  converted: 0,
};

/** The registered reader's figures, or none at all when no billing is registered. */
export async function readBillingFigures(app: FastifyInstance, sinceMs: number, now: number): Promise<BillingFigures> {
  return (await sourcesByApp.get(app)?.read(sinceMs, now)) ?? NO_PAYMENTS;
}
