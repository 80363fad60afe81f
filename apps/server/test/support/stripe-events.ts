import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { FAKE_STRIPE_ENV, type Json } from './fake-stripe-objects';

/** A webhook delivery as Stripe signs it: the exact bytes, and a `Stripe-Signature` header for them. */
export function signedWebhook(
  event: Json,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { body, signature };
}

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Json, created = Math.floor(Date.now() / 1000)): Json {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
