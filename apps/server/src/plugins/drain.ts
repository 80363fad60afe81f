import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a shutdown began: health answers 503 and every response closes its connection. */
    readonly draining: boolean;
  }
}

interface DrainState {
  draining: boolean;
  inFlight: number;
  lastRequestAt: number;
  tasks: Array<() => Promise<void>>;
  /** Open connections that have not carried a request yet, with the time each arrived. */
  silent: Map<net.Socket, number>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

/** The app's drain state; a plugin scope (Fastify makes it with Object.create) finds its root's. */
function stateOf(app: FastifyInstance): DrainState | undefined {
  for (let scope: object | null = app; scope; scope = Object.getPrototypeOf(scope)) {
    const state = states.get(scope as FastifyInstance);
    if (state) return state;
  }
  return undefined;
}

/**
 * Graceful shutdown, part one (docs/decisions/017-graceful-shutdown-and-idempotent-creates.md): counts the requests
 * in flight and, once draining, answers every request with `Connection: close`, so each keep-alive connection ends
 * after its next response instead of being reset.
 */
export function registerDrain(app: FastifyInstance): void {
  const state: DrainState = { draining: false, inFlight: 0, lastRequestAt: 0, tasks: [], silent: new Map() };
  states.set(app, state);
  // Node's closeIdleConnections leaves a connection that never carried a request (a browser's preconnect), and
  // closing the server waits for it: the drain closes those itself, so it must know them.
  app.server.on('connection', (socket: net.Socket) => {
    state.silent.set(socket, Date.now());
    socket.once('close', () => state.silent.delete(socket));
  });
  app.server.on('request', (request: { socket: net.Socket }) => state.silent.delete(request.socket));
  app.decorate('draining', {
    getter: () => state.draining,
  });
  app.addHook('onRequest', async (request, reply) => {
    state.inFlight += 1;
    state.lastRequestAt = Date.now();
    reply.raw.once('close', () => {
      state.inFlight -= 1;
    });
  });
  // At send time, so a request that arrived before the shutdown began closes its connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
}

/**
 * Work that must run when a shutdown begins, not after the last request ends: a stream open for minutes would
 * otherwise hold the drain to its deadline. Runs once, at `startDraining` or at `app.close()`, whichever is first.
 */
export function onShutdown(app: FastifyInstance, task: () => Promise<void>): void {
  let run: Promise<void> | undefined;
  const once = () => (run ??= task());
  stateOf(app)?.tasks.push(once);
  app.addHook('preClose', once);
}

export interface DrainOptions {
  /**
   * The server is done once no request ran and no connection arrived for this long: an idle keep-alive connection
   * gets this long to send one more request (answered, then closed), and a late connection is still accepted.
   */
  quietMs: number;
  /** Stop accepting after this long even if requests still run (a balancer that keeps sending). */
  acceptMaxMs: number;
  /**
   * A connection that has not sent a request gets this long, from the drain's start or its arrival if later, to send
   * one (a client slowed by load); then it is closed. A browser's preconnect or spare socket never sends one.
   */
  silentMs: number;
}

/**
 * Graceful shutdown, part two: report unhealthy, run the shutdown tasks, answer every request (each with
 * `Connection: close`), and keep accepting until all is quiet, so no connection already made, even one still in the
 * kernel's queue while the process was busy, is reset. Then stop listening and close the connections left idle, and
 * those that never sent a request once their `silentMs` is over. Resolves when no request is in flight and no
 * connection is left that could still send one; the caller then closes the app and the database.
 */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<void> {
  const state = stateOf(app);
  if (!state) throw new Error('registerDrain was not called on this app');
  state.draining = true;
  const tasks = Promise.all(state.tasks.map((task) => task()));
  const server = app.server;
  const started = Date.now();
  let lastConnectionAt = started;
  const onConnection = () => (lastConnectionAt = Date.now());
  server.on('connection', onConnection);
  const quiet = () =>
    state.inFlight === 0 && Date.now() - Math.max(lastConnectionAt, state.lastRequestAt) >= options.quietMs;
  while (!quiet() && Date.now() - started < options.acceptMaxMs) await tick();
  server.off('connection', onConnection);
  // net.Server's close stops accepting without http.Server's closing of idle connections, which would reset a
  // keep-alive client that is sending its next request right now.
  net.Server.prototype.close.call(server);
  await tasks.catch((error: unknown) => app.log.error({ err: error }, 'a shutdown task failed'));
  for (;;) {
    while (!quiet()) await tick();
    server.closeIdleConnections();
    const now = Date.now();
    for (const [socket, arrivedAt] of state.silent) {
      if (now - Math.max(arrivedAt, started) < options.silentMs) continue;
      state.silent.delete(socket);
      socket.destroy();
    }
    if (state.silent.size === 0) return;
    await tick();
  }
}

/** Requests still being answered (for the last wait before the database closes). */
export function requestsInFlight(app: FastifyInstance): number {
  return stateOf(app)?.inFlight ?? 0;
}

/**
 * 25 ms, then one pass of the event loop's I/O: a loop held up by work (PGlite runs on this thread) must accept the
 * connections and read the requests that waited meanwhile before anything is judged quiet.
 */
async function tick(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise((resolve) => setImmediate(resolve));
}
