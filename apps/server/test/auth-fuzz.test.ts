import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer({ env: { TRUST_PROXY: 'true' } });

let ipCounter = 0;
const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', 'a@b.co', 'secret1', '__proto__', 'constructor', 'x'.repeat(5000)),
);
const fields = ['name', 'email', 'password', 'ticket', '__proto__', 'constructor', 'extra'];
/** Raw form bodies, including repeated keys and keys with bracket syntax. */
const formBody = fc
  .array(fc.tuple(fc.constantFrom(...fields, 'email[]', 'name[a]', '__proto__[polluted]'), fieldValue), {
    maxLength: 6,
  })
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&'));

describe.each(['/api/user/signup', '/api/user/login', '/api/user/login_3rd_party'])('%s with random input', (path) => {
  it('never answers a 5xx, and refuses what it cannot use with a 4xx that says why', async () => {
    await fc.assert(
      fc.asyncProperty(formBody, async (body) => {
        const res = await call(server.url, path, {
          body,
          contentType: 'application/x-www-form-urlencoded',
          headers: { 'x-forwarded-for': nextIp() },
        });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.data).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: 60 },
    );
    // The server runs in this process: a polluted prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 60_000);
});
