import type { HandlePaymentSuccessResponse } from '@turtle/shared/billing';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/**
 * The server's word beside the user, for a checkout paid while Pro was already held: "You already had Pro, so this
 * second payment was refunded." (docs/api.md "Membership and payments"). The body stays the spec's user; this header
 * carries the rest.
 */
export const PAYMENT_NOTICE_HEADER = 'turtle-payment-notice';

export interface PaymentConfirmation {
  user: HandlePaymentSuccessResponse;
  /** What the person must be told besides the thanks, or null. */
  notice: string | null;
}

/** product.md §7: the server checks the checkout session with the provider and answers the (upgraded) user. */
export async function handlePaymentSuccess(csId: string): Promise<PaymentConfirmation> {
  const { data, headers } = await api.callWithHeaders(billingEndpoints.paymentSuccess, { body: { csId } });
  return { user: data, notice: headers.get(PAYMENT_NOTICE_HEADER) };
}
