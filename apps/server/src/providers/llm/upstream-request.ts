import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/** Connections to the model's service are kept open between replies (no handshake before each first token). */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * POSTs `body` and resolves with the response as a Node stream: read with `data` events, no web-stream reader and
 * no promise per network read, which is what a reply of thousands of tokens costs per token. The signal aborts
 * the request at any point, closing the connection.
 */
export function postForStream(
  url: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      agent: agents[url.protocol as keyof typeof agents],
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

/** The whole body as text (an error answer, read only to tell a missing model apart). */
export async function bodyText(response: IncomingMessage, maxBytes = 64 * 1024): Promise<string> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) {
    text += chunk;
    if (text.length > maxBytes) break;
  }
  return text;
}
