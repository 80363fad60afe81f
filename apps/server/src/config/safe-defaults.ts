import type { Env, PaymentsConfig, SignInConfig } from './config';
import { ConfigError } from './config-error';
import { isLoopbackHost } from './loopback';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const DEV_PROVIDER_NAME = 'Dev Sign-in';

/**
 * The embedded stand-ins that are unsafe in front of other people (docs/decisions/015-explicit-defaults.md, 033):
 * the development sign-in signs anyone in as any email they type, and the demo checkout grants Pro without payment.
 * On a laptop (loopback HOST, no public address, not production) they run with no configuration at all; a server
 * that serves others refuses to start until the configuration names them, or replaces them. The development sign-in
 * never runs when NODE_ENV is production. Cookies are Secure unless the server is only on loopback.
 */
export function resolveSafeDefaults(
  e: Env,
  loopbackOnly: boolean,
): { signIn: SignInConfig; payments: PaymentsConfig; cookieSecure: boolean; servedToOthers: boolean } {
  const problems: string[] = [];
  const served = servedToOthers(e, loopbackOnly);
  const signIn = signInConfig(e, served, problems);
  const payments = paymentsConfig(e, served, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return { signIn, payments, cookieSecure: cookieSecure(e, loopbackOnly), servedToOthers: served !== undefined };
}

/**
 * Why this server is taken to serve other people, or undefined on a laptop. Behind a reverse proxy on the same
 * machine HOST stays loopback, so a public PUBLIC_URL or NODE_ENV=production say it instead.
 */
function servedToOthers(e: Env, loopbackOnly: boolean): string | undefined {
  if (!loopbackOnly) return `HOST ${e.HOST} can be reached from other machines`;
  if (e.PUBLIC_URL && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) {
    return `PUBLIC_URL ${new URL(e.PUBLIC_URL).origin} is served to other people`;
  }
  if (e.NODE_ENV === 'production') return 'NODE_ENV is production';
  return undefined;
}

function signInConfig(e: Env, served: string | undefined, problems: string[]): SignInConfig {
  if (e.OIDC_CLIENT_ID) {
    if (e.DEV_SIGN_IN) problems.push('DEV_SIGN_IN must not be true when OIDC_CLIENT_ID is set (choose one provider)');
    const issuer = e.OIDC_ISSUER ?? GOOGLE_ISSUER;
    const providerName = e.OIDC_PROVIDER_NAME || (issuer === GOOGLE_ISSUER ? 'Google' : new URL(issuer).hostname);
    return {
      kind: 'oidc',
      issuer,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET || undefined,
      providerName,
    };
  }
  if (e.OIDC_ISSUER) problems.push('OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
  if (e.NODE_ENV === 'production') {
    if (e.DEV_SIGN_IN === true) {
      problems.push(
        'DEV_SIGN_IN must not be true when NODE_ENV is production (the development sign-in lets anyone sign in as ' +
          'any account by typing its email): set OIDC_CLIENT_ID for a real provider, or leave DEV_SIGN_IN unset',
      );
    }
    return { kind: 'off' };
  }
  if (e.DEV_SIGN_IN === true) return { kind: 'dev', providerName: DEV_PROVIDER_NAME };
  if (e.DEV_SIGN_IN === false) return { kind: 'off' };
  if (served) {
    problems.push(
      `${served}, so the development sign-in (anyone could sign in as any account by typing its email) must be ` +
        'chosen explicitly: set OIDC_CLIENT_ID for a real provider, DEV_SIGN_IN=false to turn "Continue with" off, or DEV_SIGN_IN=true to keep it',
    );
  }
  return { kind: 'dev', providerName: DEV_PROVIDER_NAME };
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/** Stripe needs all four variables; the demo checkout is named by `PAYMENTS=demo` or implied on a laptop only. */
function paymentsConfig(e: Env, served: string | undefined, problems: string[]): PaymentsConfig {
  const given = STRIPE_VARIABLES.filter((name) => e[name]);
  if (e.PAYMENTS === 'demo') {
    if (given.length > 0)
      problems.push(`PAYMENTS must be stripe when ${given[0]} is set (or unset the STRIPE_* variables)`);
    if (e.STRIPE_API_BASE) problems.push('STRIPE_API_BASE must not be set when PAYMENTS is demo');
    return { kind: 'demo' };
  }
  if (given.length === 0 && e.PAYMENTS === undefined) {
    if (e.STRIPE_API_BASE) problems.push('STRIPE_SECRET_KEY must be set when STRIPE_API_BASE is');
    if (served) {
      problems.push(
        `${served}, so the demo checkout (Pro for free, no money moves) must be chosen explicitly: set the four ` +
          'STRIPE_* variables for real payments, or PAYMENTS=demo to keep the demo',
      );
    }
    return { kind: 'demo' };
  }
  const missing = STRIPE_VARIABLES.find((name) => !e[name]);
  if (missing) {
    problems.push(`${missing} must be set when ${given[0] ?? 'PAYMENTS=stripe'} is (Stripe needs all four)`);
    return { kind: 'demo' };
  }
  const [secretKey, webhookSecret, monthly, yearly] = STRIPE_VARIABLES.map((name) => e[name]!);
  if (monthly === yearly) problems.push('STRIPE_PRICE_YEARLY must differ from STRIPE_PRICE_MONTHLY');
  return {
    kind: 'stripe',
    secretKey: secretKey!,
    webhookSecret: webhookSecret!,
    prices: { monthly: monthly!, yearly: yearly! },
    api: stripeApi(e.STRIPE_API_BASE),
  };
}

function stripeApi(value: string | undefined): Extract<PaymentsConfig, { kind: 'stripe' }>['api'] {
  if (!value) return undefined;
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

/**
 * `COOKIE_SECURE` when given. Otherwise the public address decides (https: Secure), and without one a server that
 * others can reach is assumed to sit behind TLS, while one on loopback is assumed to be opened as http://localhost.
 */
function cookieSecure(e: Env, loopbackOnly: boolean): boolean {
  if (e.COOKIE_SECURE !== undefined) return e.COOKIE_SECURE;
  if (e.PUBLIC_URL) return new URL(e.PUBLIC_URL).protocol === 'https:';
  return !loopbackOnly;
}
