import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** Where the development provider lives inside the server (and inside the test's stand-alone issuer). */
export const DEV_OIDC_MOUNT = '/dev-oidc';
export const DEV_OIDC_CLIENT_ID = 'turtle-dev';

export interface DevOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  /** Serves one request whose URL starts with the mount path. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Records who signed in on the interaction page and returns their subject. */
  rememberAccount(account: { name: string; email: string }): string;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) for development and tests: the person types any name and
 * email and gets a verified ID token for them. Never mounted in production. Its state (interactions, codes,
 * accounts) lives in this process, which is fine for one developer's server.
 */
export function createDevOidcProvider(options: {
  issuer: string;
  redirectUris: string[];
  /** Trust `X-Forwarded-*` (when the app itself does). */
  proxy: boolean;
  /** Tests set these: a known client for an outside issuer, and an unverified email. */
  clientId?: string;
  clientSecret?: string;
  emailVerified?: boolean;
}): DevOidcProvider {
  const accounts = new Map<string, { name: string; email: string }>();
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  const emailVerified = options.emailVerified ?? true;
  const clientId = options.clientId ?? DEV_OIDC_CLIENT_ID;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the email in the ID token itself, as Google does.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_MOUNT}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: emailVerified, name: account.name }),
      };
    },
    // First-party client: no consent screen, the grant is given on login.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'text';
      ctx.body = `Sign-in failed: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  });
  provider.proxy = options.proxy;
  const callback = provider.callback();
  return {
    issuer: options.issuer,
    clientId,
    clientSecret,
    provider,
    handle(req, res) {
      // The provider routes on the path below its mount point and finds the mount point in `originalUrl`.
      const url = req.url ?? '/';
      Object.assign(req, { originalUrl: url });
      req.url = url.slice(DEV_OIDC_MOUNT.length) || '/';
      void callback(req, res);
    },
    rememberAccount(account) {
      const sub = `dev-${createHash('sha256').update(account.email).digest('hex').slice(0, 24)}`;
      accounts.set(sub, account);
      return sub;
    },
  };
}
