import * as billing from '../billing';
import { billingEndpoints as entries } from './billing';
import { withInputSchemas } from './input-schemas';

/** `./billing.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const billingEndpoints = withInputSchemas(entries, {
  checkout: { body: billing.CheckoutBodySchema },
  paymentSuccess: { body: billing.HandlePaymentSuccessBodySchema },
  demoSession: { query: billing.DemoSessionQuerySchema },
  demoPay: { body: billing.DemoSessionBodySchema },
  demoCancel: { body: billing.DemoSessionBodySchema },
  renewal: { body: billing.RenewalBodySchema },
  period: { body: billing.ChangePeriodBodySchema },
});
