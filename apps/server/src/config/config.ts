import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OFFLINE_MODEL } from '@turtle/shared/app-config';
import { FREE_DAILY_REPLIES, PRO_DAILY_REPLIES } from '@turtle/shared/constants';

const port = z.coerce
  .number({ error: 'must be a whole number from 0 to 65535' })
  .int('must be a whole number from 0 to 65535')
  .min(0, 'must be a whole number from 0 to 65535')
  .max(65535, 'must be a whole number from 0 to 65535');

/** proxy-addr's names for address ranges, accepted in `TRUST_PROXY` beside addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Unset and empty both mean "not configured". */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url({ error: 'must be a full URL' }).optional());

/** Every environment variable the server reads. `.env.example` documents each one. */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx) => {
      if (value === 'true') return true as const;
      if (value === 'false' || value === '') return false as const;
      const proxies = value.split(',').map((part) => part.trim());
      if (proxies.every((part) => PROXY_NAMES.has(part) || isIP(part.split('/')[0]!) !== 0)) return proxies.join(',');
      // Fastify ignores hop counts (it cannot check the nearest peer with one), so they are refused, not accepted.
      ctx.addIssue({
        code: 'custom',
        message: "must be true, false or the proxies' addresses (for example loopback or 10.0.0.0/8)",
      });
      return z.NEVER;
    }),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@example.com'),
  REDIS_URL: optionalUrl.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    'must start with redis:// or rediss://',
  ),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('turtle:'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_PROVIDER_NAME: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().trim().optional(),
  LLM_MODEL: z.string().trim().min(1).default('gpt-4.1-mini'),
  /** Models a request may name, comma-separated; `LLM_MODEL` is always allowed. */
  LLM_MODELS: z.string().trim().optional(),
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(30_000),
  CHAT_FREE_DAILY_REPLIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(FREE_DAILY_REPLIES),
  CHAT_PRO_DAILY_REPLIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(PRO_DAILY_REPLIES),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .trim()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_YEARLY: z
    .string()
    .trim()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
    .optional(),
  /** Tests point the SDK at a fake Stripe on loopback. */
  STRIPE_API_BASE: optionalUrl.refine(
    (value) => value === undefined || isHttpsOrLoopback(value),
    'must be an https URL (http only on loopback)',
  ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(10_000),
});

/** Who answers "Continue with …": a real OIDC provider, the development provider inside the server, or nobody. */
export type SignInConfig =
  | { kind: 'oidc'; issuer: string; clientId: string; clientSecret: string | undefined; providerName: string }
  | { kind: 'dev'; providerName: string }
  | { kind: 'off' };

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const DEV_PROVIDER_NAME = 'Dev Sign-in';

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicOrigin: string | undefined;
  database: DatabaseConfig;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** `true` (any), `false`, or a comma-separated list of proxy addresses, ranges and proxy-addr names. */
  trustProxy: boolean | string;
  supportEmail: string;
  shutdownTimeoutMs: number;
  /** Rate-limit counters live here when set, so every server process counts together. */
  redis: { url: string; keyPrefix: string } | undefined;
  signIn: SignInConfig;
  assistant: AssistantConfig;
  payments: PaymentsConfig;
}

/** Who answers the chat: an OpenAI-compatible API, or the built-in offline assistant (no network). */
export interface AssistantConfig {
  kind: 'openai' | 'offline';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** `models[0]`. */
  defaultModel: string;
  /** What requests may name, the default first (the offline assistant's name when no model is configured). */
  models: string[];
  firstTokenTimeoutMs: number;
  /** Assistant replies a day, by plan (DECISIONS.md "Chat"). */
  dailyReplies: { free: number; pro: number };
}

export class ConfigError extends Error {}

/** Who takes payments (DECISIONS.md "Running it"): the labelled demo checkout, or Stripe. */
export type PaymentsConfig =
  | { kind: 'demo' }
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: { monthly: string; yearly: string };
      /** Where the SDK sends its requests; unset means Stripe itself. */
      api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    };

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/** Parses the environment once at start. Throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value (`PORT=` in a compose file with the variable unset) means "not set": the default applies.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    signIn: signInConfig(e),
    assistant: assistantConfig(e),
    payments: paymentsConfig(e),
  };
}

function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'http:' && (host === 'localhost' || host === '::1' || host.startsWith('127.'));
}

/**
 * Stripe needs all four variables; with none set the demo checkout answers, in production too (it is labelled
 * on every screen, and the server logs a warning at start: see docs/decisions/009-payments.md).
 */
function paymentsConfig(e: z.infer<typeof EnvSchema>): PaymentsConfig {
  const secretKey = e.STRIPE_SECRET_KEY;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  const monthly = e.STRIPE_PRICE_MONTHLY;
  const yearly = e.STRIPE_PRICE_YEARLY;
  if (!secretKey || !webhookSecret || !monthly || !yearly) {
    const given = STRIPE_VARIABLES.filter((name) => e[name]);
    if (given.length > 0) {
      const missing = STRIPE_VARIABLES.find((name) => !e[name]);
      throw new ConfigError(
        `Invalid configuration: ${missing} must be set when ${given[0]} is (Stripe needs all four)`,
      );
    }
    if (e.STRIPE_API_BASE) {
      throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY must be set when STRIPE_API_BASE is');
    }
    return { kind: 'demo' };
  }
  if (monthly === yearly) {
    throw new ConfigError('Invalid configuration: STRIPE_PRICE_YEARLY must differ from STRIPE_PRICE_MONTHLY');
  }
  return { kind: 'stripe', secretKey, webhookSecret, prices: { monthly, yearly }, api: stripeApi(e.STRIPE_API_BASE) };
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

function assistantConfig(e: z.infer<typeof EnvSchema>): AssistantConfig {
  const listed = (e.LLM_MODELS ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  // A key alone means OpenAI itself; a base URL alone suits local servers (Ollama, vLLM, llama.cpp).
  const kind = e.LLM_BASE_URL || e.LLM_API_KEY ? 'openai' : 'offline';
  // Without a model to call, the offline assistant is the one "model" served.
  const models = kind === 'openai' ? [...new Set([e.LLM_MODEL, ...listed])] : [OFFLINE_MODEL];
  return {
    kind,
    baseUrl: e.LLM_BASE_URL,
    apiKey: e.LLM_API_KEY || undefined,
    defaultModel: models[0]!,
    models,
    firstTokenTimeoutMs: e.LLM_FIRST_TOKEN_TIMEOUT_MS,
    dailyReplies: { free: e.CHAT_FREE_DAILY_REPLIES, pro: e.CHAT_PRO_DAILY_REPLIES },
  };
}

function signInConfig(e: z.infer<typeof EnvSchema>): SignInConfig {
  if (!e.OIDC_CLIENT_ID) {
    if (e.OIDC_ISSUER) throw new ConfigError('Invalid configuration: OIDC_CLIENT_ID must be set when OIDC_ISSUER is');
    // The development provider signs anyone in as any email: never in production.
    return e.NODE_ENV === 'production' ? { kind: 'off' } : { kind: 'dev', providerName: DEV_PROVIDER_NAME };
  }
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
