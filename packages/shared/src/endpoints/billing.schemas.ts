import {
  ChangePeriodBodySchema,
  CheckoutBodySchema,
  DemoSessionBodySchema,
  DemoSessionQuerySchema,
  HandlePaymentSuccessBodySchema,
  RenewalBodySchema,
} from '../billing';
import { billingEndpoints as entries } from './billing';
import { withInputSchemas } from './input-schemas';

/** `./billing.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const billingEndpoints = withInputSchemas(entries, {
  checkout: { body: CheckoutBodySchema },
  paymentSuccess: { body: HandlePaymentSuccessBodySchema },
  demoSession: { query: DemoSessionQuerySchema },
  demoPay: { body: DemoSessionBodySchema },
  demoCancel: { body: DemoSessionBodySchema },
  renewal: { body: RenewalBodySchema },
  period: { body: ChangePeriodBodySchema },
});
