import type { PaymentsConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { DemoPaymentProvider } from './demo-provider';
import { StripePaymentProvider } from './stripe-provider';

export type AnyPaymentProvider = DemoPaymentProvider | StripePaymentProvider;

/** The provider the configuration names: Stripe when its four variables are set, else the demo checkout. */
export function createPaymentProvider(config: PaymentsConfig, db: Db): AnyPaymentProvider {
  return config.kind === 'stripe' ? new StripePaymentProvider(config) : new DemoPaymentProvider(db);
}
