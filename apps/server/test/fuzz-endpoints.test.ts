import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

// Issue 17, "Done when": random bodies, with NUL and other control characters, to every endpoint; no 5xx.

const server = useTestServer({ env: { TRUST_PROXY: 'true' } });
let cookie: string;
beforeAll(async () => {
  const user = await createUser(server.database.db);
  cookie = `sid=${await createSessionToken(server.database.db, user.id)}`;
});

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
}

/** Every route the app has, read from Fastify's route tree (`/dev-oidc/*` is node-oidc-provider's own, named apart). */
function endpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const parents: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    if (!path.startsWith('/')) continue;
    for (const method of match[3]!.split(', ')) {
      if (method === 'GET' || method === 'POST') found.push({ method, path });
    }
  }
  for (const path of ['/dev-oidc/token', '/dev-oidc/auth', '/dev-oidc/.well-known/openid-configuration']) {
    found.push({ method: 'POST', path }, { method: 'GET', path });
  }
  return found;
}

/** Text with what breaks naive code: NUL, other control characters, lone surrogates, long runs. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\t\r\n', '\ud800', '\u202e', '', ' ', '__proto__'),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', 'x', '%', '&', '=', '"'), maxLength: 20 }),
);
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(
        nasty,
        fc.constantFrom(
          'id',
          'note',
          'name',
          'content',
          'email',
          'message',
          'messages',
          'model',
          'conversationId',
          'title',
          'period',
          'csId',
        ),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

const body = fc.oneof(
  jsonish.map((value) => ({ type: 'application/json', data: JSON.stringify(value) ?? 'null' })),
  fc
    .array(fc.tuple(nasty, nasty), { maxLength: 4 })
    .map((pairs) => ({ type: 'application/x-www-form-urlencoded', data: new URLSearchParams(pairs).toString() })),
  fc.record({
    type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    data: nasty,
  }),
);

const query = fc.array(fc.tuple(nasty, nasty), { maxLength: 3 }).map((pairs) => new URLSearchParams(pairs).toString());

let ipCounter = 0;
const nextIp = () => `10.99.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** `encodeURIComponent`, which throws on a lone surrogate: that one becomes U+FFFD, as a browser would send it. */
function encodeLoosely(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** Well-formed requests whose every text field may be nasty, so the text reaches the handlers and the database. */
const shaped = fc.oneof(
  fc.record({ name: nasty, email: nasty, password: nasty }).map((form) => ({ path: '/api/user/signup', form })),
  fc.record({ email: nasty, password: nasty }).map((form) => ({ path: '/api/user/login', form })),
  fc.record({ name: nasty, email: nasty, ticket: nasty }).map((form) => ({ path: '/api/user/login_3rd_party', form })),
  fc.record({ csId: nasty }).map((form) => ({ path: '/api/stripe/handle_payment_success', form })),
  fc
    .record({ id: fc.option(nasty, { nil: undefined }), name: nasty, content: nasty })
    .map((note) => ({ path: '/api/note/save', json: { note } })),
  nasty.map((id) => ({ path: '/api/note/delete', json: { id } })),
  fc.record({ id: nasty, title: nasty }).map((json) => ({ path: '/api/chat/conversations/rename', json })),
  nasty.map((id) => ({ path: '/api/chat/conversations/delete', json: { id } })),
  nasty.map((conversationId) => ({ path: '/api/chat/stop', json: { conversationId } })),
  nasty.map((period) => ({ path: '/api/billing/checkout', json: { period } })),
  nasty.map((id) => ({ path: '/api/billing/demo/pay', json: { id } })),
  fc
    .constantFrom(
      '/api/note/get?id=',
      '/api/chat/conversations/get?id=',
      '/api/billing/demo/session?id=',
      '/api/lessons/',
    )
    .chain((prefix) => nasty.map((value) => ({ path: prefix + encodeLoosely(value) }))),
);

describe('every endpoint with random input', () => {
  it('never answers a 5xx to well-formed requests carrying nasty text', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(shaped, async (request) => {
        const headers: Record<string, string> = { origin: server.url, cookie, 'x-forwarded-for': nextIp() };
        let payload: string | undefined;
        if ('form' in request) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = new URLSearchParams(request.form).toString();
        } else if ('json' in request) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(request.json);
        }
        const res = await fetch(`${server.url}${request.path}`, {
          method: payload === undefined ? 'GET' : 'POST',
          headers,
          body: payload,
        });
        const text = await res.text();
        if (res.status >= 500) failures.push(`${request.path} ${payload} → ${res.status} ${text.slice(0, 200)}`);
      }),
      { numRuns: 300 },
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('never answers a 5xx', async () => {
    const all = endpoints();
    expect(all.length).toBeGreaterThan(30);
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...all),
        fc.string({ unit: fc.constantFrom('\u0000', '\u0001', 'a', '%', '.', '/'), minLength: 1, maxLength: 8 }),
        query,
        body,
        fc.boolean(),
        async (endpoint, param, search, payload, signedIn) => {
          const path = endpoint.path.replace(/:\w+/g, encodeURIComponent(param));
          const url = `${server.url}${path}${search ? `?${search}` : ''}`;
          const headers: Record<string, string> = { origin: server.url, 'x-forwarded-for': nextIp() };
          if (signedIn) headers.cookie = cookie;
          if (endpoint.method === 'POST') headers['content-type'] = payload.type;
          const res = await fetch(url, {
            method: endpoint.method,
            headers,
            body: endpoint.method === 'POST' ? payload.data : undefined,
            redirect: 'manual',
          });
          const text = await res.text();
          if (res.status >= 500)
            failures.push(
              `${endpoint.method} ${url} ${payload.type} ${JSON.stringify(payload.data)} → ${res.status} ${text.slice(0, 200)}`,
            );
        },
      ),
      { numRuns: 400 },
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
