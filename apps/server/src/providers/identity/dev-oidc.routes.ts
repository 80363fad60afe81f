import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SignupBodySchema } from '@turtle/shared/auth';
import { popupFriendly } from '../../core/identity/sign-in-popup';
import { parseInput } from '../../lib/validate';
import { devSignInPage } from './dev-oidc-page';
import { DEV_OIDC_MOUNT, type DevOidcProvider } from './dev-oidc-provider';

/** The page posts back here; names and emails follow the signup rules, so the account it makes is a valid one. */
const DevSignInSchema = SignupBodySchema.pick({ name: true, email: true });
const UidParamsSchema = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

/**
 * Mounts a development OIDC provider: its interaction page (name and email) and, below the mount path, the
 * provider itself. `providerFor` picks the provider for the request (the app keeps one per origin it is reached on).
 */
export async function registerDevOidcRoutes(
  app: FastifyInstance,
  providerFor: (request: FastifyRequest) => DevOidcProvider,
): Promise<void> {
  const interactionPath = `${DEV_OIDC_MOUNT}/interaction/:uid`;

  app.get(interactionPath, async (request, reply) => {
    const { uid } = parseInput(UidParamsSchema, request.params);
    const { provider } = providerFor(request);
    // Throws (and the error handler answers) when the interaction is unknown or expired.
    await provider.interactionDetails(request.raw, reply.raw);
    popupFriendly(reply);
    return reply
      .type('text/html; charset=utf-8')
      .send(devSignInPage({ action: `${DEV_OIDC_MOUNT}/interaction/${uid}` }));
  });

  app.post(interactionPath, { config: { accepts: 'form' } }, async (request, reply) => {
    const { uid } = parseInput(UidParamsSchema, request.params);
    const dev = providerFor(request);
    const parsed = DevSignInSchema.safeParse(request.body ?? {});
    popupFriendly(reply);
    if (!parsed.success) {
      const body = (request.body ?? {}) as { name?: unknown; email?: unknown };
      const page = devSignInPage({
        action: `${DEV_OIDC_MOUNT}/interaction/${uid}`,
        name: typeof body.name === 'string' ? body.name : '',
        email: typeof body.email === 'string' ? body.email : '',
        error: parsed.error.issues[0]?.message,
      });
      return reply.code(400).type('text/html; charset=utf-8').send(page);
    }
    const accountId = dev.rememberAccount({ name: parsed.data.name, email: parsed.data.email.toLowerCase() });
    const returnTo = await dev.provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });

  // Everything else below the mount path is the provider's: discovery, keys, authorize, token. It reads its own
  // request bodies, so this scope leaves them unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST'],
      url: `${DEV_OIDC_MOUNT}/*`,
      // The token endpoint is called server to server and authenticates the client itself.
      config: { allowCrossOrigin: true },
      handler: (request, reply) => {
        reply.hijack();
        reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
        providerFor(request).handle(request.raw, reply.raw);
      },
    });
  });
}
