import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from '../src/db/schema';
import { call } from './support/http';
import { CookieJar, redeem, signInThroughPopup } from './support/oidc-flow';
import {
  startTestIssuer,
  TEST_ISSUER_CLIENT_ID,
  TEST_ISSUER_CLIENT_SECRET,
  type TestIssuer,
} from './support/test-issuer';
import { useTestServer, withTestServer } from './support/use-test-server';

// "Continue with" through an outside OpenID Connect issuer (decision 006); third-party-sign-in.test.ts: the
// development provider.

const uniqueEmail = () => `oidc-${randomUUID()}@example.test`;

describe('Continue with an outside OIDC issuer', () => {
  let issuer: TestIssuer;
  let unverified: TestIssuer;
  const env = (url: string) => ({
    OIDC_ISSUER: url,
    OIDC_CLIENT_ID: TEST_ISSUER_CLIENT_ID,
    OIDC_CLIENT_SECRET: TEST_ISSUER_CLIENT_SECRET,
    OIDC_PROVIDER_NAME: 'Test IdP',
  });

  // The issuers start first and close last: each app reads its issuer's address when it starts.
  beforeAll(async () => {
    [issuer, unverified] = await Promise.all([startTestIssuer(), startTestIssuer({ emailVerified: false })]);
  });
  afterAll(async () => {
    await Promise.all([issuer?.close(), unverified?.close()]);
  });
  const server = useTestServer({ env: () => env(issuer.issuer) });
  const unverifiedServer = useTestServer({ env: () => env(unverified.issuer) });
  beforeAll(() => {
    issuer.allowRedirect(server.url);
    unverified.allowRedirect(unverifiedServer.url);
  });

  it('names the provider and hosts no development provider', async () => {
    expect((await call(server.url, '/api/config')).data).toMatchObject({ signInProvider: 'Test IdP' });
    expect((await call(server.url, '/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
  });

  it('signs in through the outside issuer', async () => {
    const jar = new CookieJar();
    const email = uniqueEmail();
    const popup = await signInThroughPopup(server.url, jar, { name: 'Outside', email });
    expect(popup.message).toMatchObject({ email, name: 'Outside' });
    const res = await redeem(server.url, jar, { name: 'Outside', email, ticket: popup.message!.ticket });
    expect(res.status).toBe(200);
    const [identity] = await server.database.db
      .select()
      .from(identities)
      .where(eq(identities.userId, (res.data as { id: string }).id));
    expect(identity!.issuer).toBe(issuer.issuer);
  });

  it('refuses an identity whose email is not verified', async () => {
    const popup = await signInThroughPopup(unverifiedServer.url, new CookieJar(), {
      name: 'Maybe',
      email: uniqueEmail(),
    });
    expect(popup).toMatchObject({ status: 400, message: null });
  });

  it('is off when DEV_SIGN_IN=false and no provider is configured', async () => {
    await withTestServer({ env: { DEV_SIGN_IN: 'false' } }, async (production) => {
      expect((await call(production.url, '/api/config')).data).toMatchObject({ signInProvider: null });
      const start = await call(production.url, '/api/auth/oidc/start?nonce=popup-nonce-0123456789');
      expect(start.status).toBe(404);
      expect((await call(production.url, '/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    });
  });
});
