import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MIXED_SCRIPTS_MESSAGE } from '@turtle/shared/email';
import { users } from '../src/db/schema';
import { normalizeStoredEmails } from '../src/core/identity/normalize-stored-emails';
import { hashPassword } from '../src/features/auth/password';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// security.md 7g.2 (a unique index on the normalised email): fullwidth and Cyrillic look-alikes, NFC/NFD forms and a
// trailing zero-width space must never make a new account beside an existing one.

const server = useTestServer({ env: { TRUST_PROXY: 'true' } });

let ipCounter = 0;
const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const signup = (email: string) =>
  call(server.url, '/api/user/signup', {
    form: { name: 'Look', email, password: 'secret1' },
    headers: { 'x-forwarded-for': nextIp() },
  });
const login = (email: string) =>
  call(server.url, '/api/user/login', {
    form: { email, password: 'secret1' },
    headers: { 'x-forwarded-for': nextIp() },
  });

/** The fullwidth form of ASCII letters and digits (what some keyboards type). */
const fullwidth = (text: string) =>
  text.replace(/[a-z0-9]/g, (char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0));

describe('one address, one account', () => {
  it('refuses a second account for a fullwidth, NFD or zero-width-space spelling of an existing address', async () => {
    const local = `jos\u00e9${randomBytes(4).toString('hex')}`;
    const email = `${local}@example.test`;
    expect((await signup(email)).status).toBe(200);
    for (const variant of [
      `${fullwidth(local)}@example.test`,
      email.normalize('NFD'),
      `${email}\u200B`,
      `\u200B${email.toUpperCase()}`,
    ]) {
      const res = await signup(variant);
      expect(res.status, JSON.stringify(variant)).toBe(409);
      expect(res.data).toMatchObject({ code: 'emailAlreadyUsed' });
    }
    // Those spellings sign in to the one account.
    expect((await login(`${fullwidth(local)}@example.test`)).data).toMatchObject({ email });
  });

  it('refuses an address that mixes look-alike alphabets, with a clear message', async () => {
    const email = `alice${randomBytes(4).toString('hex')}@example.test`;
    expect((await signup(email)).status).toBe(200);
    const lookalike = `\u0430${email.slice(1)}`; // a Cyrillic а
    const res = await signup(lookalike);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code: 'validation', message: MIXED_SCRIPTS_MESSAGE, field: 'email' });
  });

  it('still accepts an address written in one other alphabet', async () => {
    const res = await signup(
      `\u0438\u0432\u0430\u043d${randomInt(1e9)}@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444`,
    );
    // Digits belong to no alphabet: the address is all Cyrillic.
    expect(res.status).toBe(200);
  });

  it('rewrites addresses stored before normalisation, so their owners sign in again; a clash is left alone', async () => {
    const db = server.database.db;
    const tag = randomBytes(4).toString('hex');
    const passwordHash = await hashPassword('secret1');
    const account = async (email: string) => {
      const id = crypto.randomUUID();
      await db.insert(users).values({ id, name: 'Old', email, passwordHash });
      return id;
    };
    const nfd = await account(`jose\u0301-${tag}@example.test`);
    const hidden = await account(`hidden-${tag}\u200b@example.test`);
    const taken = await account(`taken-${tag}@example.test`);
    const clash = await account(`${fullwidth('taken')}-${tag}@example.test`);
    expect((await login(`jos\u00e9-${tag}@example.test`)).status).toBe(401);

    // On PostgreSQL another test file's server may start meanwhile and do it first: only the outcome is asserted.
    const log = { warn: () => undefined };
    await normalizeStoredEmails(db, log as never);
    const emailOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!.email;
    expect(await emailOf(nfd)).toBe(`jos\u00e9-${tag}@example.test`);
    expect(await emailOf(hidden)).toBe(`hidden-${tag}@example.test`);
    expect(await emailOf(taken)).toBe(`taken-${tag}@example.test`);
    expect(await emailOf(clash)).toBe(`${fullwidth('taken')}-${tag}@example.test`);
    expect((await login(`jose\u0301-${tag}@example.test`)).status).toBe(200);
    expect((await login(`hidden-${tag}@example.test`)).status).toBe(200);
  });
});
