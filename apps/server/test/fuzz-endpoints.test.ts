import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { hashPassword } from '../src/features/auth/password';
import { fuzzPeople, NOTHING } from './support/fuzz-people';
import { fuzzSender, toSent } from './support/fuzz-requests';
import { FUZZ_PASSWORD, type Shape } from './support/fuzz-shape-parts';
import { SHAPES } from './support/fuzz-shapes';
import { encodeLoosely, nasty } from './support/fuzz-text';
import { useTestServer } from './support/use-test-server';

// security.md 7c.4, never a 5xx for bad input: random bodies, with NUL and other control characters, to every
// endpoint. Each endpoint read from the app gets the same number of requests, signed out and signed in, from a
// seeded generator: a failure says its seed, and FUZZ_SEED=<seed> sends the same requests again.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RANDOM_PER_ENDPOINT = 4;
const SHAPED_PER_ROUTE = 6;
/** Endpoints fuzzed at once; each has its own person, so none sees another's rate limits or session. */
const CONCURRENCY = 4;

const server = useTestServer({ env: { TRUST_PROXY: 'true' } });
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(FUZZ_PASSWORD);
});
const { newPerson, thingsOf } = fuzzPeople(server, () => passwordHash);
const send = fuzzSender(server);

interface Endpoint {
  method: 'GET' | 'POST';
  /** The route as registered (`/api/lessons/:id`). */
  path: string;
}
const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** node-oidc-provider's own endpoints below its mount (the route is a wildcard): fuzzed, but not our handlers. */
const OIDC_PROVIDER_PATHS = ['/dev-oidc/token', '/dev-oidc/auth', '/dev-oidc/.well-known/openid-configuration'];

/** Every route the app has, read from Fastify's route tree, and node-oidc-provider's few named apart. */
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
  for (const path of OIDC_PROVIDER_PATHS) found.push({ method: 'POST', path }, { method: 'GET', path });
  return found;
}

/** Routes that end the session or change the password: each request to them has a person of its own. */
const ENDS_SESSION = new Set(Object.keys(SHAPES).filter((key) => SHAPES[key]!.as === 'fresh'));

/** A seed per endpoint and test, so one endpoint's requests do not depend on which endpoints come before it. */
function seedFor(name: string): number {
  let hash = SEED;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash | 0;
}

async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const reproduce = () => `FUZZ_SEED=${SEED} sends these requests again`;

describe('every endpoint with random input', () => {
  it('has a well-formed request for every POST route of the app, and no shape for a route it lacks', () => {
    const routes = endpoints()
      .filter((endpoint) => !OIDC_PROVIDER_PATHS.includes(endpoint.path))
      .map(keyOf);
    expect(routes.length).toBeGreaterThan(30);
    const posts = routes.filter((key) => key.startsWith('POST '));
    expect(posts.filter((key) => !(key in SHAPES))).toEqual([]);
    expect(Object.keys(SHAPES).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('never answers a 5xx to well-formed requests carrying nasty text', async () => {
    const failures: string[] = [];
    await eachAtOnce(Object.entries(SHAPES), async ([key, shape]: [string, Shape]) => {
      const plan = shape.plan === 'free' ? Plan.FREE : Plan.PRO;
      const owner = shape.as === 'fresh' || shape.as === 'nobody' ? undefined : await newPerson(plan);
      const things = owner ? await thingsOf(owner) : NOTHING;
      const requests = fc.sample(shape.requests(things), { seed: seedFor(`shaped ${key}`), numRuns: SHAPED_PER_ROUTE });
      for (const request of requests) {
        const token = shape.as === 'fresh' ? (await newPerson(plan)).token : owner?.token;
        const failure = await send({ ...(await toSent(request)), token });
        if (failure) failures.push(failure);
      }
    });
    expect(failures.sort(), reproduce()).toEqual([]);
  }, 120_000);

  const randomInput = fc.record({
    param: fc.string({ unit: fc.constantFrom('\u0000', '\u0001', 'a', '%', '.', '/'), minLength: 1, maxLength: 8 }),
    search: fc.array(fc.tuple(nasty, nasty), { maxLength: 3 }).map((pairs) => new URLSearchParams(pairs).toString()),
    payload: fc.oneof(
      jsonish().map((value) => ({ type: 'application/json', data: JSON.stringify(value) ?? 'null' })),
      fc
        .array(fc.tuple(nasty, nasty), { maxLength: 4 })
        .map((pairs) => ({ type: 'application/x-www-form-urlencoded', data: new URLSearchParams(pairs).toString() })),
      fc.record({
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/octet-stream',
        ),
        data: nasty,
      }),
    ),
  });

  it.each([
    ['signed out', false],
    ['signed in', true],
  ])(
    'never answers a 5xx to random input, %s',
    async (mode, signedIn) => {
      const all = endpoints();
      expect(all.length).toBeGreaterThan(30);
      const failures: string[] = [];
      await eachAtOnce(all, async (endpoint) => {
        const key = keyOf(endpoint);
        const person = signedIn ? await newPerson() : undefined;
        const inputs = fc.sample(randomInput, { seed: seedFor(`${mode} ${key}`), numRuns: RANDOM_PER_ENDPOINT });
        for (const { param, search, payload } of inputs) {
          const token = person && ENDS_SESSION.has(key) ? (await newPerson()).token : person?.token;
          const path = endpoint.path.replace(/:\w+/g, encodeLoosely(param)) + (search ? `?${search}` : '');
          const post = endpoint.method === 'POST';
          const failure = await send({
            method: endpoint.method,
            path,
            contentType: post ? payload.type : undefined,
            body: post ? payload.data : undefined,
            token,
          });
          if (failure) failures.push(failure);
        }
      });
      expect(failures.sort(), reproduce()).toEqual([]);
    },
    120_000,
  );
});

/** JSON of any shape whose keys are often the ones the routes read, and whose text is nasty. */
function jsonish(): fc.Arbitrary<unknown> {
  const keys = ['id', 'note', 'name', 'content', 'email', 'message', 'messages', 'model', 'conversationId'];
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      nasty,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(
        fc.oneof(nasty, fc.constantFrom(...keys, 'title', 'period', 'csId', 'card', 'deck', 'csv', 'lessonId')),
        tie('value'),
        { maxKeys: 4 },
      ),
    ),
  })).value;
}
