import type { HandlePaymentSuccessResponse } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** product.md §7: the server checks the checkout session with the provider and answers the (upgraded) user. */
export const handlePaymentSuccess = (csId: string) =>
  api.postForm<HandlePaymentSuccessResponse>('/api/stripe/handle_payment_success', { csId });
