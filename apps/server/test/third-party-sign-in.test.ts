import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identities, oidcFlows, users } from '../src/db/schema';
import { insertLoginTicket } from '../src/core/identity/login-tickets.repository';
import { TICKET_BINDING_COOKIE } from '../src/core/identity/sign-in-popup';
import { POPUP_SCRIPT_HASH } from '../src/features/oidc/popup-page';
import { hashSessionToken } from '../src/core/identity/session-token';
import { call, sessionCookieFrom } from './support/http';
import {
  browserFetch,
  CookieJar,
  followRedirects,
  readPopupPage,
  redeem,
  signInThroughPopup,
} from './support/oidc-flow';
import { useTestServer } from './support/use-test-server';

const uniqueEmail = () => `oidc-${randomUUID()}@example.test`;

// security.md 7c.5: the callback's `code` and `state` are secret parameters, which never reach the logs.
describe('the sign-in callback in the logs', () => {
  const lines: string[] = [];
  const logged = useTestServer({
    env: { LOG_LEVEL: 'info' },
    logDestination: { write: (line) => void lines.push(line) },
  });

  it('never shows its code or state', async () => {
    const popup = await signInThroughPopup(logged.url, new CookieJar(), { name: 'Logged', email: uniqueEmail() });
    expect(popup.status).toBe(200);
    const callbacks = lines.filter((line) => line.includes('/api/auth/oidc/callback?'));
    expect(callbacks.length).toBeGreaterThan(0);
    for (const line of callbacks) {
      expect(line).toMatch(/code=%5Bredacted%5D/);
      expect(line).toMatch(/state=%5Bredacted%5D/);
    }
    expect(lines.join('')).not.toMatch(/[?&](code|state)=(?!%5Bredacted%5D)/);
  });

  it('never shows the state of a sign-in cancelled at the provider, in the refusal either', async () => {
    const jar = new CookieJar();
    const start = await browserFetch(jar, `${logged.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`);
    const authorize = new URL(start.headers.get('location')!, logged.url);
    const state = authorize.searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(20);
    const issuer = `${logged.url}/dev-oidc`;
    const callback = `${logged.url}/api/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer)}`;
    const refused = await browserFetch(jar, callback);
    expect(refused.status).toBe(400);
    expect(lines.some((line) => line.includes('sign-in callback refused'))).toBe(true);
    expect(lines.join('')).not.toContain(state);
  });
});

describe('Continue with the development provider', () => {
  const server = useTestServer();

  it('is offered as "Dev Sign-in" outside production', async () => {
    expect((await call(server.url, '/api/config')).data).toMatchObject({ signInProvider: 'Dev Sign-in' });
  });

  it('signs a new person up through the popup: verified email, one-time ticket, new session', async () => {
    const jar = new CookieJar();
    const email = uniqueEmail();
    const popup = await signInThroughPopup(server.url, jar, { name: 'Dev Person', email: email.toUpperCase() });
    expect(popup.status).toBe(200);
    expect(popup.message).toEqual({
      type: 'turtle:sign-in',
      nonce: 'popup-nonce-0123456789',
      name: 'Dev Person',
      email,
      ticket: expect.stringMatching(/^[\w-]{43}$/),
    });
    const res = await redeem(server.url, jar, { name: 'Dev Person', email, ticket: popup.message!.ticket });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Dev Person',
      email,
      membership: { plan: 0, subscription: 3, expireAt: -1 },
    });
    const token = sessionCookieFrom(res.headers)!;
    expect((await call(server.url, '/api/user/status', { cookie: token })).data).toMatchObject({ email });
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toBeNull();
    expect(await server.database.db.select().from(identities).where(eq(identities.userId, user!.id))).toHaveLength(1);
  });

  it('signs the same person into the same account next time', async () => {
    const email = uniqueEmail();
    const ids: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const jar = new CookieJar();
      const popup = await signInThroughPopup(server.url, jar, { name: 'Again', email });
      const res = await redeem(server.url, jar, { name: 'Again', email, ticket: popup.message!.ticket });
      ids.push((res.data as { id: string }).id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('refuses name and email without a ticket: 401 and no session', async () => {
    const res = await call(server.url, '/api/user/login_3rd_party', {
      form: { name: 'Mallory', email: uniqueEmail() },
    });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ code: 'invalidTicket' });
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('refuses a ticket used twice', async () => {
    const jar = new CookieJar();
    const email = uniqueEmail();
    const popup = await signInThroughPopup(server.url, jar, { name: 'Twice', email });
    const form = { name: 'Twice', email, ticket: popup.message!.ticket };
    const binding = jar.get(server.url, TICKET_BINDING_COOKIE)!;
    expect((await redeem(server.url, jar, form)).status).toBe(200);
    jar.set(server.url, TICKET_BINDING_COOKIE, binding);
    const replay = await redeem(server.url, jar, form);
    expect(replay.status).toBe(401);
    expect(sessionCookieFrom(replay.headers)).toBeUndefined();
  });

  it('refuses a ticket for another email', async () => {
    const jar = new CookieJar();
    const popup = await signInThroughPopup(server.url, jar, { name: 'Owner', email: uniqueEmail() });
    const res = await redeem(server.url, jar, { name: 'Owner', email: uniqueEmail(), ticket: popup.message!.ticket });
    expect(res.status).toBe(401);
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('refuses a ticket redeemed from another browser (without its binding cookie)', async () => {
    const popup = await signInThroughPopup(server.url, new CookieJar(), { name: 'Bound', email: uniqueEmail() });
    const res = await redeem(server.url, new CookieJar(), {
      name: 'Bound',
      email: popup.message!.email,
      ticket: popup.message!.ticket,
    });
    expect(res.status).toBe(401);
  });

  it('refuses an expired ticket', async () => {
    const email = uniqueEmail();
    const ticket = `expired-${randomUUID()}`;
    const binding = `binding-${randomUUID()}`;
    await insertLoginTicket(server.database.db, {
      id: hashSessionToken(ticket),
      bindingHash: hashSessionToken(binding),
      issuer: 'https://issuer.test',
      subject: 'someone',
      email,
      name: 'Late',
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await call(server.url, '/api/user/login_3rd_party', {
      form: { name: 'Late', email, ticket },
      cookie: `${TICKET_BINDING_COOKIE}=${binding}`,
    });
    expect(res.status).toBe(401);
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('never takes over an account made with a password', async () => {
    const email = uniqueEmail();
    const signup = await call(server.url, '/api/user/signup', { form: { name: 'Owner', email, password: 'secret1' } });
    expect(signup.status).toBe(200);
    const jar = new CookieJar();
    const popup = await signInThroughPopup(server.url, jar, { name: 'Attacker', email });
    const res = await redeem(server.url, jar, { name: 'Attacker', email, ticket: popup.message!.ticket });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({
      code: 'accountExists',
      field: 'email',
      message: 'An account with this email already exists. Log in with your password.',
    });
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('serves the popup page with no-store, a hash-pinned script and no opener policy', async () => {
    const jar = new CookieJar();
    const start = await followRedirects(jar, `${server.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`);
    const action = /<form method="post" action="([^"]+)"/.exec(start.text)![1]!;
    const done = await followRedirects(jar, new URL(action, start.url).href, {
      form: { name: 'Headers', email: uniqueEmail() },
    });
    const csp = done.response.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src '${POPUP_SCRIPT_HASH}'`);
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(done.response.headers.get('cache-control')).toBe('no-store');
    expect(done.response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(done.url).not.toContain('ticket');
  });

  it('answers a callback without state, with a wrong state, or used twice with the failure page (400)', async () => {
    const noState = await browserFetch(new CookieJar(), `${server.url}/api/auth/oidc/callback?code=abc`);
    expect(readPopupPage(noState.status, await noState.text())).toMatchObject({ status: 400, message: null });

    const jar = new CookieJar();
    const start = await followRedirects(jar, `${server.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`);
    const action = /<form method="post" action="([^"]+)"/.exec(start.text)![1]!;
    // Stop at the callback URL instead of following it, to replay it.
    let url = new URL(action, start.url).href;
    let response = await browserFetch(jar, url, { form: { name: 'Replay', email: uniqueEmail() } });
    while (!new URL(url).pathname.startsWith('/api/auth/oidc/callback')) {
      url = new URL(response.headers.get('location')!, url).href;
      if (!new URL(url).pathname.startsWith('/api/auth/oidc/callback')) response = await browserFetch(jar, url);
    }
    const stateCookie = jar.get(server.url, 'sid_oidc_state')!;
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'not-the-state');
    const wrongState = await browserFetch(jar, wrong.href);
    expect(wrongState.status).toBe(400);

    jar.set(server.url, 'sid_oidc_state', stateCookie);
    const first = await browserFetch(jar, url);
    expect(readPopupPage(first.status, await first.text()).message).not.toBeNull();
    jar.set(server.url, 'sid_oidc_state', stateCookie);
    const second = await browserFetch(jar, url);
    expect(readPopupPage(second.status, await second.text())).toMatchObject({ status: 400, message: null });
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const jar = new CookieJar();
    const start = await followRedirects(jar, `${server.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`);
    const state = jar.get(server.url, 'sid_oidc_state')!;
    await server.database.db
      .update(oidcFlows)
      .set({ nonce: 'another-nonce' })
      .where(eq(oidcFlows.id, hashSessionToken(state)));
    const action = /<form method="post" action="([^"]+)"/.exec(start.text)![1]!;
    const done = await followRedirects(jar, new URL(action, start.url).href, {
      form: { name: 'Nonce', email: uniqueEmail() },
    });
    expect(readPopupPage(done.response.status, done.text)).toMatchObject({ status: 400, message: null });
  });

  it('refuses a start without a proper popup nonce', async () => {
    const res = await browserFetch(new CookieJar(), `${server.url}/api/auth/oidc/start?nonce=short`);
    expect(res.status).toBe(400);
  });
});
