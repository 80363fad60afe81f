import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { JSON_BODY_LIMIT_BYTES } from '@turtle/shared/constants';
import { billingEndpoints } from '@turtle/shared/endpoints/billing.schemas';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import type { StripePaymentProvider } from '../../providers/payments/stripe-provider';
import { applyStripeEvent } from './stripe-webhooks.service';

const badSignature = () => new HttpError(400, 'badRequest', 'The webhook signature is missing, invalid or too old.');

/**
 * `POST /api/stripe/webhook` (Stripe only). Stripe calls it, not a browser, so it is exempt from the same-origin
 * check; the signature over the raw body (and its timestamp, 300 s) is what authenticates it. The route's own
 * scope reads the JSON body as raw bytes: a body parsed and serialised again would no longer match its signature.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, db: Db, provider: StripePaymentProvider) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Stripe sends `application/json`; any other type has no parser here and is refused with 415.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    route(scope, billingEndpoints.stripeWebhook, { config: { allowCrossOrigin: true } }, async (_input, request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badSignature();
      let event: Stripe.Event;
      try {
        event = provider.constructWebhookEvent(request.body, signature);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          request.log.warn({ reason: error.message }, 'webhook refused');
          throw badSignature();
        }
        throw error;
      }
      const outcome = await applyStripeEvent(db, provider, event, request.log);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook');
      return { received: true };
    });
  });
}
