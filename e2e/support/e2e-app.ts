import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createSessionToken, createUser, type TestUser } from '../../apps/server/test/support/factories';
import { startTestServer, type TestServer } from '../../apps/server/test/support/test-server';
import { launchChromium } from './chromium';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface E2eApp {
  readonly server: TestServer;
  readonly url: string;
  /**
   * A fresh browser context and page; `signedIn` creates a user with a session and sets its cookie. Every context
   * claims its own client address (`X-Forwarded-For`, believed when the app runs with `TRUST_PROXY=true`), so the
   * per-IP rate limits of one test never reach another; pass `clientIp` to choose it.
   */
  newPage(options?: {
    signedIn?: boolean | Parameters<typeof createUser>[1];
    viewport?: typeof DESKTOP;
    clientIp?: string;
  }): Promise<{
    page: Page;
    context: BrowserContext;
    user?: TestUser;
    sessionToken?: string;
  }>;
  /** Uncaught errors thrown in any page of this file's current test. */
  readonly pageErrors: Error[];
}

/** A random private address, so each browser context counts as its own client. */
export function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `10.${byte()}.${byte()}.${1 + Math.floor(Math.random() * 254)}`;
}

/**
 * One built app (the real server serving apps/web/dist, on a free port, with its own database) and one Chromium
 * per test file. Each test gets its own browser context, so cookies and storage never leak between tests.
 * `env` may be a function: it is called when the app starts, after the file's earlier `beforeAll` hooks ran (for
 * values known only then, such as the address of a test identity provider).
 */
export function useE2eApp(options: { env?: Record<string, string> | (() => Record<string, string>) } = {}): E2eApp {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        webDistDir: WEB_DIST,
        env: typeof options.env === 'function' ? options.env() : options.env,
      }),
      launchChromium(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    pageErrors.splice(0);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    pageErrors,
    async newPage({ signedIn = false, viewport = DESKTOP, clientIp = randomClientIp() } = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        extraHTTPHeaders: { 'x-forwarded-for': clientIp },
      });
      contexts.push(context);
      let user: TestUser | undefined;
      let sessionToken: string | undefined;
      if (signedIn) {
        user = await createUser(server.database.db, typeof signedIn === 'object' ? signedIn : { name: 'Grace' });
        sessionToken = await createSessionToken(server.database.db, user.id);
        await context.addCookies([
          { name: 'sid', value: sessionToken, url: server.url, httpOnly: true, sameSite: 'Lax' },
        ]);
      }
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error));
      return { page, context, user, sessionToken };
    },
  };
}
