import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import {
  createDevOidcProvider,
  DEV_OIDC_MOUNT,
  type DevOidcProvider,
} from '../../src/providers/identity/dev-oidc-provider';
import { registerDevOidcRoutes } from '../../src/providers/identity/dev-oidc.routes';

export const TEST_ISSUER_CLIENT_ID = 'turtle-test-client';
export const TEST_ISSUER_CLIENT_SECRET = 'test-issuer-secret-0123456789';

export interface TestIssuer {
  /** The issuer URL to give the app as `OIDC_ISSUER`. */
  issuer: string;
  /** Call once the app's URL is known: the callback the provider accepts. */
  allowRedirect(appUrl: string): void;
  close(): Promise<void>;
}

/**
 * A stand-alone OpenID Connect provider on its own loopback port: node-oidc-provider, as an outside issuer would
 * be (another origin, its own cookies), configured through `OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`.
 */
export async function startTestIssuer(options: { emailVerified?: boolean } = {}): Promise<TestIssuer> {
  const app = Fastify();
  await app.register(formbody);
  let redirectUri: string | undefined;
  let provider: DevOidcProvider | undefined;
  const issuerBox = { url: '' };
  await registerDevOidcRoutes(app, () => {
    if (!redirectUri) throw new Error('allowRedirect() first');
    provider ??= createDevOidcProvider({
      issuer: issuerBox.url,
      redirectUris: [redirectUri],
      proxy: false,
      clientId: TEST_ISSUER_CLIENT_ID,
      clientSecret: TEST_ISSUER_CLIENT_SECRET,
      emailVerified: options.emailVerified,
    });
    return provider;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  issuerBox.url = `http://127.0.0.1:${address.port}${DEV_OIDC_MOUNT}`;
  return {
    issuer: issuerBox.url,
    allowRedirect(appUrl) {
      redirectUri = `${appUrl}/api/auth/oidc/callback`;
    },
    close: () => app.close(),
  };
}
