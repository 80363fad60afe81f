import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OFFLINE_MODEL } from '@turtle/shared/app-config';
import { FREE_DAILY_REPLIES, PRO_DAILY_REPLIES, SPEC_MODEL } from '@turtle/shared/constants';
import { normalizeEmail } from '@turtle/shared/email';
import { ConfigError } from './config-error';
import { STORAGE_ENV, storageConfig, type StorageConfig } from './storage-config';
import { SPEECH_ENV, speechConfig, type SpeechConfig } from './speech-config';
import { EMBEDDING_ENV, embeddingConfig, type EmbeddingConfig } from './embedding-config';
import { ModelPricesSchema, type ModelPrice } from './model-prices';
import { isLoopbackHost } from './loopback';
import { resolveSafeDefaults } from './safe-defaults';

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

/** `true` or `false`, as a boolean. */
const flag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');

export { ConfigError };

/** Every environment variable the server reads. `.env.example` documents each one. */
const EnvSchema = z.object({
  /** Loopback by default: only this machine can connect until HOST says otherwise (see config/safe-defaults.ts). */
  HOST: z.string().trim().min(1).default('localhost'),
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
  /** The accounts made administrators at every start (docs/decisions/037-administrators.md). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const emails = value
        .split(',')
        .map((email) => normalizeEmail(email))
        .filter(Boolean);
      const wrong = emails.find((email) => !z.email().safeParse(email).success);
      if (wrong === undefined) return emails;
      ctx.addIssue({ code: 'custom', message: `must be email addresses separated by commas (${wrong} is not one)` });
      return z.NEVER;
    }),
  MODEL_PRICES: ModelPricesSchema,
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
  LLM_MODEL: z.string().trim().min(1).default(SPEC_MODEL),
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
  /** Read only to keep the development sign-in off in production (docs/decisions/033). */
  NODE_ENV: z.string().trim().optional(),
  /** The development sign-in provider: on by default only on a laptop (docs/decisions/015 and 033). */
  DEV_SIGN_IN: flag.optional(),
  /** `demo` or `stripe`; unset: Stripe when its variables are set, else the demo checkout on a laptop only. */
  PAYMENTS: z.enum(['demo', 'stripe'], { error: 'must be demo or stripe' }).optional(),
  /** Unset: Secure when PUBLIC_URL is https, or (without PUBLIC_URL) when HOST is not loopback. */
  COOKIE_SECURE: flag.optional(),
  ...STORAGE_ENV,
  ...SPEECH_ENV,
  ...EMBEDDING_ENV,
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

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  host: string;
  /** HOST only takes connections from this machine (cookies need not be Secure). */
  loopbackOnly: boolean;
  /** Not a laptop: HOST reachable from elsewhere, a public PUBLIC_URL, or NODE_ENV=production (stand-ins warn). */
  servedToOthers: boolean;
  /** Session and sign-in cookies carry `Secure` (they always do on a request that came over https). */
  cookieSecure: boolean;
  port: number;
  publicOrigin: string | undefined;
  database: DatabaseConfig;
  /** Where large files are kept (the audio of learners' own lessons): `DATA_DIR/files`, or an S3 bucket. */
  files: StorageConfig;
  /** How own lessons are voiced: the embedded voice, or a speech service (docs/decisions/049-voicing-own-lessons.md). */
  speech: SpeechConfig;
  logLevel: Env['LOG_LEVEL'];
  /** `true` (any), `false`, or a comma-separated list of proxy addresses, ranges and proxy-addr names. */
  trustProxy: boolean | string;
  supportEmail: string;
  /** Made administrators at every start (normalised addresses); others are granted with `npm run admin`. */
  adminEmails: string[];
  /** Dollars per million tokens, by model (`MODEL_PRICES`): the console's cost figures. */
  modelPrices: Record<string, ModelPrice>;
  shutdownTimeoutMs: number;
  /** Rate-limit counters live here when set, so every server process counts together. */
  redis: { url: string; keyPrefix: string } | undefined;
  signIn: SignInConfig;
  assistant: AssistantConfig;
  /** Semantic search's embeddings (`EMBEDDING_MODEL`), unset for keyword search only. */
  embeddings: EmbeddingConfig | undefined;
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
  /** Assistant replies a day, by plan (rules.md "Chat"). */
  dailyReplies: { free: number; pro: number };
}

/** Who takes payments (rules.md "Running it"): the labelled demo checkout, or Stripe. */
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
  const loopbackOnly = isLoopbackHost(e.HOST);
  const choices = resolveSafeDefaults(e, loopbackOnly);
  return {
    host: e.HOST,
    loopbackOnly,
    servedToOthers: choices.servedToOthers,
    cookieSecure: choices.cookieSecure,
    port: e.PORT,
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    files: storageConfig(e),
    speech: speechConfig(e),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    supportEmail: e.SUPPORT_EMAIL,
    adminEmails: e.ADMIN_EMAILS,
    modelPrices: e.MODEL_PRICES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    signIn: choices.signIn,
    assistant: assistantConfig(e),
    embeddings: embeddingConfig(e),
    payments: choices.payments,
  };
}

function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

function assistantConfig(e: Env): AssistantConfig {
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
