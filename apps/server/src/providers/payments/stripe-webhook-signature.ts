import Stripe from 'stripe';

/** Stripe's own default tolerance, named: a signed event older than this is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies the signature over the raw bytes and the timestamp; throws when either is wrong. The SDK refuses only
 * timestamps too far in the past; one too far in the future (a clock set ahead to stretch the replay window) is
 * refused here too (security.md 7e.3), as is a header with more than one timestamp.
 */
export function verifyWebhookEvent(stripe: Stripe, rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  const event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  // Stripe sends one `t=`; the SDK verifies against the last one, so a second one in front must not be read instead.
  const timestamps = [...signature.matchAll(/(?:^|,)\s*t=([^,]*)/g)].map((match) => Number(match[1]));
  const [timestamp] = timestamps;
  if (timestamps.length !== 1 || !(timestamp! <= Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS)) {
    throw new Stripe.errors.StripeSignatureVerificationError(signature, rawBody.toString('utf8'), {
      message: 'Timestamp outside the tolerance zone (in the future)',
    });
  }
  return event;
}
