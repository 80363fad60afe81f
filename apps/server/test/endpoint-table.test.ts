import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@turtle/shared/endpoints/index';
import { endpointsRegisteredOn } from '../src/lib/route';
import { useTestServer } from './support/use-test-server';

// docs/api.md "The endpoint table": every /api route the server has is registered from an entry of the shared table
// (route() in lib/route.ts), with the entry's method and path, and every entry is a route of some configuration.

const keyOf = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

/** Every GET and POST route under /api, read from Fastify's route tree (HEAD routes follow their GET). */
function apiRoutes(app: FastifyInstance): { method: 'GET' | 'POST'; path: string }[] {
  const found: { method: 'GET' | 'POST'; path: string }[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    if (path !== '/api' && !path.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) {
      if (method === 'GET' || method === 'POST') found.push({ method, path });
    }
  }
  return found;
}

const tableKeys = new Set(allEndpoints.map(keyOf));
const registered = new Set<string>();

/**
 * Each /api route was registered by route() from an entry of the table. (Fastify refuses a second route with the same
 * method and path, so a route route() registered cannot also have been registered by hand.)
 */
function expectEveryRouteFromTheTable(app: FastifyInstance) {
  const fromTheTable = new Set(endpointsRegisteredOn(app).map(keyOf));
  const routes = apiRoutes(app).map(keyOf);
  expect(routes.length).toBeGreaterThan(40);
  for (const key of routes) {
    expect(fromTheTable.has(key), `${key} is registered by route()`).toBe(true);
    expect(tableKeys.has(key), `${key} is an entry of the table`).toBe(true);
    registered.add(key);
  }
}

describe('the endpoint table', () => {
  describe('with the demo payments and the development sign-in', () => {
    const server = useTestServer();
    it('is where every /api route comes from', () => {
      expect(server.config.payments.kind).toBe('demo');
      expect(server.config.signIn.kind).toBe('dev');
      expectEveryRouteFromTheTable(server.app);
    });
  });

  describe('with Stripe', () => {
    const server = useTestServer({ fakeStripe: true });
    it('is where every /api route comes from, the webhook included', () => {
      expect(server.config.payments.kind).toBe('stripe');
      expectEveryRouteFromTheTable(server.app);
      expect(registered).toContain('POST /api/stripe/webhook');
    });
  });

  it('has no entry that no configuration registers', () => {
    expect([...tableKeys].filter((key) => !registered.has(key))).toEqual([]);
  });
});
