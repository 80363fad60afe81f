import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { registerBodyTypes } from './body-types';
import { registerErrorHandler } from './errors';

const JSON_ONLY = { code: 'unsupportedMediaType', message: 'This request must be sent as JSON.' };
const FORM_ONLY = { code: 'unsupportedMediaType', message: 'This request must be sent as a form.' };
// text/plain has no parser: a route without `accepts` gets Fastify's refusal, with our wording.
const NO_PARSER = { code: 'unsupportedMediaType', message: 'That content type is not accepted here.' };

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(formbody);
  registerErrorHandler(app);
  registerBodyTypes(app);
  const echo = async (request: { body: unknown }) => ({ body: request.body ?? null });
  app.post('/json', { config: { accepts: 'json' } }, echo);
  app.post('/form', { config: { accepts: 'form' } }, echo);
  app.post('/any', echo);
  await app.ready();
});
afterAll(() => app.close());

function post(url: string, contentType?: string, payload?: string) {
  return app.inject({ method: 'POST', url, payload, headers: contentType ? { 'content-type': contentType } : {} });
}

describe('a route that accepts JSON', () => {
  it('reads a JSON body, also with a charset or in capitals', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const res = await post('/json', type, '{"a":1}');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: { a: 1 } });
    }
  });

  it('refuses a form body with 415 and says it must be JSON', async () => {
    const res = await post('/json', 'application/x-www-form-urlencoded', 'a=1');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(JSON_ONLY);
  });

  it('refuses a text/plain body with 415', async () => {
    const res = await post('/json', 'text/plain', '{"a":1}');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(JSON_ONLY);
  });
});

describe('a route that accepts a form', () => {
  it('reads a form body, also with a charset', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8']) {
      const res = await post('/form', type, 'a=1&b=two');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: { a: '1', b: 'two' } });
    }
  });

  it('refuses a JSON body with 415 and says it must be a form', async () => {
    const res = await post('/form', 'application/json', '{"a":1}');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(FORM_ONLY);
  });

  it('refuses a text/plain body with 415', async () => {
    const res = await post('/form', 'text/plain', 'a=1');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(FORM_ONLY);
  });
});

describe('any route', () => {
  it('refuses text/plain because its parser was removed', async () => {
    const res = await post('/any', 'text/plain', 'hello');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(NO_PARSER);
  });

  it('accepts both JSON and forms when the route declares nothing', async () => {
    expect((await post('/any', 'application/json', '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    expect((await post('/any', 'application/x-www-form-urlencoded', 'a=1')).json()).toEqual({ body: { a: '1' } });
  });

  it('lets a request without a body through', async () => {
    for (const url of ['/json', '/form', '/any']) {
      const res = await post(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ body: null });
    }
  });
});
