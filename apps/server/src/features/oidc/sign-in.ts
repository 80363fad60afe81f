import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { appOrigin } from '../../lib/app-origin';
import type { DevOidcProvider } from '../../providers/identity/dev-oidc-provider';
import { OIDC_CALLBACK_PATH, oidcRoutes } from './oidc.routes';
import { createRelyingParty } from './relying-party';

/** A server reached on more origins than this (Host headers are the client's to choose) stops making providers. */
const MAX_DEV_PROVIDER_ORIGINS = 8;

/** "Continue with …": the configured OIDC provider, or the development one hosted here, or nothing (production). */
export async function registerSignIn(app: FastifyInstance, config: AppConfig, db: Db, secureCookies: boolean) {
  const signIn = config.signIn;
  if (signIn.kind === 'off') return;

  const devProviders = new Map<string, DevOidcProvider>();
  let devProviderFor = (_origin: string): DevOidcProvider => {
    throw new Error('the development provider is not enabled');
  };
  if (signIn.kind === 'dev') {
    if (config.servedToOthers) {
      app.log.warn('sign-in: DEV_SIGN_IN=true on a server others reach: anyone can sign in as any email');
    }
    // Loaded only when used: production never even imports node-oidc-provider.
    const { createDevOidcProvider, DEV_OIDC_MOUNT } = await import('../../providers/identity/dev-oidc-provider');
    const { registerDevOidcRoutes } = await import('../../providers/identity/dev-oidc.routes');
    devProviderFor = (origin) => {
      let provider = devProviders.get(origin);
      if (!provider) {
        if (devProviders.size >= MAX_DEV_PROVIDER_ORIGINS) throw new Error('too many origins for the dev provider');
        // The issuer is the origin the browser uses, so the provider's pages and redirects work wherever it is reached.
        provider = createDevOidcProvider({
          issuer: origin + DEV_OIDC_MOUNT,
          redirectUris: [origin + OIDC_CALLBACK_PATH],
          proxy: config.trustProxy !== false,
        });
        devProviders.set(origin, provider);
      }
      return provider;
    };
    await registerDevOidcRoutes(app, (request) => devProviderFor(appOrigin(request, config.publicOrigin)));
  }

  oidcRoutes(app, {
    db,
    relyingParty: createRelyingParty(app, signIn, devProviderFor),
    publicOrigin: config.publicOrigin,
    secureCookies,
  });
}
