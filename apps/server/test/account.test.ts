import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountResponse } from '@turtle/shared/account';
import type { CheckoutResponse } from '@turtle/shared/billing';
import type { User } from '@turtle/shared/user';
import { dailyUsage, identities, loginTickets, users } from '../src/db/schema';
import { createChatReply, cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call, sessionCookieFrom } from './support/http';
import { checkout, newMember, paymentSuccess } from './support/billing';
import type { TestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';
import { hashPassword } from '../src/features/auth/password';

const PASSWORD = 'first password';

/** A password account, made in the database (signup's own limit is 5 a minute per address), and its session. */
async function signUp(server: TestServer, email = `acct-${randomUUID()}@example.test`) {
  const made = await createUser(server.database.db, { name: 'Ada', email, passwordHash: await hashPassword(PASSWORD) });
  const cookie = await createSessionToken(server.database.db, made.id);
  const user = (await call(server.url, '/api/user/status', { cookie })).data as User;
  return { email, user, cookie };
}

const login = (server: TestServer, email: string, password: string) =>
  call(server.url, '/api/user/login', { form: { email, password } });
const account = (server: TestServer, cookie: string) => call(server.url, '/api/account', { cookie });
const changePassword = (server: TestServer, cookie: string, body: unknown, origin?: string | null) =>
  call(server.url, '/api/account/password', { json: body, cookie, origin });
const deleteAccount = (server: TestServer, cookie: string, body: unknown, origin?: string | null) =>
  call(server.url, '/api/account/delete', { json: body, cookie, origin });
const signedIn = async (server: TestServer, cookie: string) =>
  'id' in ((await call(server.url, '/api/user/status', { cookie })).data as object);

/** Every row in every table with a `user_id` column that belongs to `userId`, by table (found from the catalogue). */
async function rowsOwnedBy(server: TestServer, userId: string): Promise<Record<string, number>> {
  const db = server.database.db;
  const columns = await db.execute(
    sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = 'public'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of (columns as { rows: { table_name: string }[] }).rows) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    counts[table] = (result as { rows: { n: number }[] }).rows[0]!.n;
  }
  return counts;
}

describe('the Account page API', () => {
  const server = useTestServer();

  it('answers name, email, sign-in method and nothing secret; 401 signed out', async () => {
    const { email, cookie } = await signUp(server);
    const res = await account(server, cookie);
    expect(res.status).toBe(200);
    expect(Object.keys(res.data as object).sort()).toEqual(['createdAt', 'email', 'name', 'signInMethod']);
    expect(res.data).toMatchObject({ name: 'Ada', email, signInMethod: 'password' });
    expect(res.text).not.toMatch(/argon|hash/i);

    const provider = await createUser(server.database.db, { passwordHash: null });
    const providerCookie = await createSessionToken(server.database.db, provider.id);
    expect(((await account(server, providerCookie)).data as AccountResponse).signInMethod).toBe('provider');
    expect((await call(server.url, '/api/account')).status).toBe(401);
  });

  it('changes the password: the old one stops working, the new one logs in, other sessions end, this one stays', async () => {
    const { email, cookie } = await signUp(server);
    const other = sessionCookieFrom((await login(server, email, PASSWORD)).headers)!;
    expect(await signedIn(server, other)).toBe(true);

    const res = await changePassword(server, cookie, { currentPassword: PASSWORD, newPassword: 'second password' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    expect(await signedIn(server, cookie)).toBe(true);
    expect(await signedIn(server, other)).toBe(false);
    expect((await login(server, email, PASSWORD)).status).toBe(401);
    expect((await login(server, email, 'second password')).status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a wrong current password, the signup rules, the same password, and provider accounts', async () => {
    const { email, cookie } = await signUp(server);
    const wrong = await changePassword(server, cookie, { currentPassword: 'not it', newPassword: 'second password' });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({
      code: 'invalidPassword',
      message: 'Your current password is not right',
      field: 'currentPassword',
    });
    const cases: [unknown, string, string][] = [
      [{ currentPassword: PASSWORD, newPassword: '12345' }, 'newPassword', 'Password must have 6 characters or more'],
      [
        { currentPassword: PASSWORD, newPassword: 'x'.repeat(129) },
        'newPassword',
        'Password must have 128 characters or less',
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD },
        'newPassword',
        'Choose a password different from your current one',
      ],
      [{ currentPassword: '', newPassword: 'second password' }, 'currentPassword', 'Enter your current password'],
      [{ newPassword: 'second password' }, 'currentPassword', 'Enter your current password'],
    ];
    for (const [body, field, message] of cases) {
      const res = await changePassword(server, cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data).toMatchObject({ field, message });
    }
    const nul = await changePassword(server, cookie, { currentPassword: PASSWORD, newPassword: 'bad\u0000nul' });
    expect(nul.status).toBe(400);
    expect((await login(server, email, PASSWORD)).status).toBe(200);

    const provider = await createUser(server.database.db, { passwordHash: null });
    const providerCookie = await createSessionToken(server.database.db, provider.id);
    const none = await changePassword(server, providerCookie, {
      currentPassword: 'anything',
      newPassword: 'something',
    });
    expect(none.status).toBe(409);
    expect((none.data as { code: string }).code).toBe('passwordNotSet');
  });

  it('CSRF: another origin or a text/plain body is refused; signed out is 401', async () => {
    const { cookie } = await signUp(server);
    const body = { currentPassword: PASSWORD, newPassword: 'second password' };
    expect((await changePassword(server, cookie, body, 'https://evil.test')).status).toBe(403);
    expect((await deleteAccount(server, cookie, { confirmation: 'x' }, 'https://evil.test')).status).toBe(403);
    const plain = await call(server.url, '/api/account/password', {
      body: JSON.stringify(body),
      contentType: 'text/plain',
      cookie,
    });
    expect(plain.status).toBe(415);
    expect((await changePassword(server, '', body)).status).toBe(401);
    expect((await deleteAccount(server, '', { confirmation: 'x' })).status).toBe(401);
    expect(await signedIn(server, cookie)).toBe(true);
  });

  it('limits password changes per account: the 11th in 15 minutes is 429', async () => {
    const { cookie } = await signUp(server);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await changePassword(server, cookie, { currentPassword: 'wrong', newPassword: 'second password' })).status,
      ).toBe(400);
    }
    const limited = await changePassword(server, cookie, { currentPassword: PASSWORD, newPassword: 'second password' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('deleting needs the email typed out; then every row the person owns is gone, in every table, and only theirs', async () => {
    const db = server.database.db;
    const { email, user } = await signUp(server);
    // Logging in also remembers the browser (known_devices).
    const cookie = sessionCookieFrom((await login(server, email, PASSWORD)).headers)!;
    const bystander = await signUp(server);
    const fill = async (who: { user: User; cookie: string; email: string }) => {
      const note = await call(server.url, '/api/note/save', {
        json: { note: { name: 'Plan', content: 'index funds' } },
        cookie: who.cookie,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(note.status).toBe(200);
      const cards = cardsClient(server.url, who.cookie);
      const deck = await cards.createDeck('Investing');
      await cards.createCard(deck.id, { front: 'What is an index fund?' });
      await createChatReply(db, who.user.id, 'A fund that tracks an index.');
      const started = await checkout(server, { id: who.user.id, cookie: who.cookie }, 'monthly');
      const id = (started.data as CheckoutResponse).url.split('session=')[1]!;
      await call(server.url, '/api/billing/demo/pay', { json: { id }, cookie: who.cookie });
      expect((await paymentSuccess(server, { id: who.user.id, cookie: who.cookie }, id)).status).toBe(200);
      await db.insert(dailyUsage).values({ userId: who.user.id, day: '2026-01-01', replies: 3 });
      await db.insert(identities).values({ issuer: 'https://idp.test', subject: randomUUID(), userId: who.user.id });
      await db.insert(loginTickets).values({
        id: randomUUID(),
        bindingHash: 'x',
        issuer: 'https://idp.test',
        subject: 's',
        email: who.email,
        name: 'Ada',
        expiresAt: new Date(Date.now() + 60_000),
      });
    };
    await fill({ user, cookie, email });
    await fill(bystander);
    const before = await rowsOwnedBy(server, user.id);
    for (const table of ['notes', 'conversations', 'decks', 'cards', 'card_notes', 'sessions', 'known_devices']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    for (const table of ['billing_customers', 'fulfillments', 'demo_checkout_sessions', 'idempotency_keys']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const bystanderBefore = await rowsOwnedBy(server, bystander.user.id);

    for (const body of [{}, { confirmation: '' }, { confirmation: 'someone@else.test' }, { confirmation: 42 }]) {
      const refused = await deleteAccount(server, cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.data as { field: string }).field).toBe('confirmation');
    }
    // Someone else's email is not a way to delete their account.
    expect((await deleteAccount(server, cookie, { confirmation: bystander.email })).status).toBe(400);
    expect(await signedIn(server, cookie)).toBe(true);

    const res = await deleteAccount(server, cookie, { confirmation: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((line) => /^sid=;/.test(line))).toBe(true);
    expect(await signedIn(server, cookie)).toBe(false);
    expect(Object.values(await rowsOwnedBy(server, user.id)).every((count) => count === 0)).toBe(true);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(loginTickets).where(eq(loginTickets.email, email))).toEqual([]);
    const messages = await db.execute(
      sql`select count(*)::int as n from chat_messages m join conversations c on c.id = m.conversation_id where c.user_id = ${user.id}`,
    );
    expect((messages as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await rowsOwnedBy(server, bystander.user.id)).toEqual(bystanderBefore);
    expect(await signedIn(server, bystander.cookie)).toBe(true);
    expect((await login(server, email, PASSWORD)).status).toBe(401);
  });
});

describe('deleting an account with a Stripe subscription', () => {
  const server = useTestServer({ fakeStripe: true });

  it('cancels the subscription at Stripe first; if Stripe cannot be reached nothing is deleted (502)', async () => {
    const fake = server.fakeStripe;
    const member = await newMember(server);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    expect((await checkout(server, member, 'yearly')).status).toBe(200);
    const sessionId = [...fake.sessions.keys()].at(-1)!;
    const { subscriptionId } = fake.complete(sessionId);
    expect((await paymentSuccess(server, member, sessionId)).status).toBe(200);

    fake.failing = ['/v1/subscriptions/'];
    try {
      const failed = await deleteAccount(server, member.cookie, { confirmation: row!.email });
      expect(failed.status).toBe(502);
    } finally {
      fake.failing = [];
    }
    expect(await signedIn(server, member.cookie)).toBe(true);
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('active');

    const res = await deleteAccount(server, member.cookie, { confirmation: row!.email });
    expect(res.status).toBe(200);
    const cancel = fake.requests.find(
      (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancel).toBeDefined();
    expect(fake.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(Object.values(await rowsOwnedBy(server, member.id)).every((count) => count === 0)).toBe(true);
  });
});
