import { call } from './http';

/**
 * Drives the "Continue with" popup over plain HTTP, as the browser would: a cookie jar per host, redirects
 * followed by hand. Used against the development provider and against a stand-alone issuer.
 */
export class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(host, jar);
  }

  header(url: string): string | undefined {
    const jar = this.cookies.get(new URL(url).host);
    if (!jar?.size) return undefined;
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string) {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.cookies.set(host, jar);
  }
}

export async function browserFetch(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers.origin = new URL(url).origin;
  }
  const response = await fetch(url, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  jar.store(url, response);
  return response;
}

/** Follows redirects from `url` until a page answers; returns that page's URL and response. */
export async function followRedirects(jar: CookieJar, url: string, init?: { form?: Record<string, string> }) {
  let current = url;
  let response = await browserFetch(jar, current, init);
  for (let hops = 0; response.status >= 300 && response.status < 400; hops += 1) {
    if (hops > 10) throw new Error('too many redirects');
    current = new URL(response.headers.get('location')!, current).href;
    response = await browserFetch(jar, current);
  }
  return { url: current, response, text: await response.text() };
}

export interface PopupResult {
  status: number;
  /** What the popup page would post to the opener, or null for a failed sign-in. */
  message: { type: string; nonce: string; name: string; email: string; ticket: string } | null;
  page: string;
}

export function readPopupPage(status: number, page: string): PopupResult {
  const match = /<script type="application\/json" id="sign-in-result">([\s\S]*?)<\/script>/.exec(page);
  if (!match) throw new Error(`not the popup page: ${page.slice(0, 200)}`);
  return { status, page, message: (JSON.parse(match[1]!) as { message: PopupResult['message'] }).message };
}

/**
 * The whole popup: start at the app, sign in on the provider's page with `name` and `email`, land on the
 * callback page. `jar` keeps the app's cookies (the ticket binding) for the `login_3rd_party` call after.
 */
export async function signInThroughPopup(
  appUrl: string,
  jar: CookieJar,
  account: { name: string; email: string },
  nonce = 'popup-nonce-0123456789',
): Promise<PopupResult> {
  const login = await followRedirects(jar, `${appUrl}/api/auth/oidc/start?nonce=${nonce}`);
  if (!login.text.includes('<form')) return readPopupPage(login.response.status, login.text);
  const action = /<form method="post" action="([^"]+)"/.exec(login.text)![1]!;
  const done = await followRedirects(jar, new URL(action, login.url).href, { form: account });
  return readPopupPage(done.response.status, done.text);
}

/** What the opener does with the popup's message: POST it, with this browser's cookies. */
export async function redeem(appUrl: string, jar: CookieJar, form: Record<string, string>) {
  const res = await call(appUrl, '/api/user/login_3rd_party', { form, cookie: jar.header(appUrl) });
  return res;
}
