import type { HandlePaymentSuccessResponse } from '@turtle/shared/billing';
import type { ApiErrorBody } from '@turtle/shared/errors';
import { ApiError, send } from '../../../lib/api-client';

/**
 * The server's word beside the user, for a checkout paid while Pro was already held: "You already had Pro, so this
 * second payment was refunded." (issue 31, item 4). The body stays the spec's user; this header carries the rest.
 */
export const PAYMENT_NOTICE_HEADER = 'turtle-payment-notice';

export interface PaymentConfirmation {
  user: HandlePaymentSuccessResponse;
  /** What the person must be told besides the thanks, or null. */
  notice: string | null;
}

/**
 * product.md §7: the server checks the checkout session with the provider and answers the (upgraded) user. Sent like
 * `api.postForm` (same body, same errors), read by hand for the notice header.
 */
export async function handlePaymentSuccess(csId: string): Promise<PaymentConfirmation> {
  const response = await send('/api/stripe/handle_payment_success', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csId }).toString(),
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = data as Partial<ApiErrorBody> | undefined;
    throw new ApiError(
      response.status,
      typeof body?.code === 'string' && typeof body.message === 'string'
        ? (body as ApiErrorBody)
        : { code: 'http', message: `The request failed (${response.status}).` },
    );
  }
  return { user: data as HandlePaymentSuccessResponse, notice: response.headers.get(PAYMENT_NOTICE_HEADER) };
}
