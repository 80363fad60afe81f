import { ankiCollection, ankiPackage } from './anki-package';
import type { ShapedRequest } from './fuzz-shape-parts';
import type { TestServer } from './test-server';

// How the endpoint fuzz test (fuzz-endpoints.test.ts) sends its requests: each from an address of its own.

let ipCounter = 0;
const nextIp = () => `10.99.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

export interface Sent {
  method: string;
  path: string;
  contentType?: string;
  body?: string | Uint8Array;
  /** How the failure message shows a body that is not text. */
  shown?: string;
  token?: string;
}

/** `send` for `server`. */
export function fuzzSender(server: TestServer) {
  /** Sends one request as a browser on its own address would; says what went wrong when the answer is a 5xx. */
  async function send(request: Sent): Promise<string | undefined> {
    const headers: Record<string, string> = { origin: server.url, 'x-forwarded-for': nextIp() };
    if (request.token) headers.cookie = `sid=${request.token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    const res = await fetch(server.url + request.path, {
      method: request.method,
      headers,
      body: request.body as RequestInit['body'],
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status < 500) return undefined;
    const body = request.shown ?? JSON.stringify(request.body);
    const who = request.token ? 'signed in' : 'signed out';
    return `${request.method} ${request.path} ${who} ${request.contentType ?? ''} ${body} → ${res.status} ${text.slice(0, 200)}`;
  }

  return send;
}

export async function toSent(request: ShapedRequest): Promise<Sent> {
  const method =
    request.method ?? (request.form || request.json !== undefined || request.apkg || request.bytes ? 'POST' : 'GET');
  if (request.bytes) {
    const shown = `${request.bytes.length} bytes (${Buffer.from(request.bytes).toString('hex').slice(0, 32)}…)`;
    return { method, path: request.path, contentType: 'application/octet-stream', body: request.bytes, shown };
  }
  if (request.form) {
    const body = new URLSearchParams(request.form).toString();
    return { method, path: request.path, contentType: 'application/x-www-form-urlencoded', body };
  }
  if (request.json !== undefined) {
    return { method, path: request.path, contentType: 'application/json', body: JSON.stringify(request.json) };
  }
  if (request.apkg) {
    const body = ankiPackage(await ankiCollection(request.apkg.decks, request.apkg.notes));
    return {
      method,
      path: request.path,
      contentType: 'application/octet-stream',
      body,
      shown: `an Anki package of ${JSON.stringify(request.apkg)}`,
    };
  }
  return { method, path: request.path };
}
