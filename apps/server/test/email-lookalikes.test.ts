import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIXED_SCRIPTS_MESSAGE } from '@turtle/shared/email';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Issue 17, item 11: fullwidth and Cyrillic look-alikes, NFC/NFD forms and a trailing zero-width space each made a
// new account beside an existing one.

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
});
