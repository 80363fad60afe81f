import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/config';
import { HttpError } from '../lib/http-error';

export interface RateLimitRule {
  /** Names the counter; two rules with one name share it. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an IP, an email). `undefined` skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

/** A rule's key for routes behind a session: each signed-in person has their own count. */
export const perUser = (request: FastifyRequest): string | undefined => request.auth?.user.id;

export class RedisUnavailableError extends Error {}

/** A Redis call that takes longer fails: requests never wait on a frozen Redis (decision 016). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * While Redis is unavailable each process counts alone, so the limits get stricter there: every request counts this
 * many times. Never unlimited, and with two processes behind the balancer about what the shared limit allowed.
 */
export const FALLBACK_COUNT_FACTOR = 2;

export type RedisHealth = 'ok' | 'unavailable' | 'off';

interface Limits {
  redis: Redis | undefined;
  keyPrefix: string;
  limiters: Map<string, RateLimiterAbstract>;
  onFallback: () => void;
}

const limitsByApp = new WeakMap<FastifyInstance, Limits>();

/**
 * Counters live in Redis when `REDIS_URL` is set, so every server process behind the load balancer counts together.
 * A Redis call waits at most 500 ms and is never queued while Redis is away; then the counters of this process take
 * over, stricter (rate-limiter-flexible's insurance limiter), until Redis answers again. Without Redis, this process.
 */
export async function registerRateLimits(app: FastifyInstance, redisConfig: AppConfig['redis']): Promise<void> {
  let redis: Redis | undefined;
  let degraded = false;
  /** Set once the current connection is being dropped, so failures arriving together drop it once. */
  let dropping = false;
  if (redisConfig) {
    // At start Redis must answer (fail fast, like the database); once up, lost connections are retried.
    let started = false;
    let firstError: Error | undefined;
    redis = new Redis(redisConfig.url, {
      lazyConnect: true,
      connectTimeout: 2_000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => (started ? Math.min(times * 200, 2_000) : null),
    });
    const onStartError = (error: Error) => (firstError ??= error);
    redis.on('error', onStartError);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new RedisUnavailableError(`cannot reach Redis: ${(firstError ?? (error as Error)).message}`);
    }
    started = true;
    redis.off('error', onStartError);
    // Logged once per outage, not at every reconnection attempt.
    redis.on('error', (error) => {
      if (degraded) return;
      degraded = true;
      app.log.warn(
        { err: error },
        'Redis is unavailable; rate limits count in this process, stricter, until it is back',
      );
    });
    redis.on('ready', () => {
      dropping = false;
      if (!degraded) return;
      degraded = false;
      app.log.info('Redis is back; rate limits count in Redis again');
    });
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  const limits: Limits = {
    redis,
    keyPrefix: `${redisConfig?.keyPrefix ?? ''}rate-limit:`,
    limiters: new Map(),
    onFallback: () => {
      if (!redis) return;
      if (!degraded) {
        degraded = true;
        app.log.warn('Redis is unavailable; rate limits count in this process, stricter, until it is back');
      }
      // A frozen Redis keeps its connection "ready" while every call times out: drop it, so the next calls go
      // straight to this process's counters until a reconnection passes ioredis's ready check again.
      if (redis.status === 'ready' && !dropping) {
        dropping = true;
        redis.disconnect(true);
      }
    },
  };
  limitsByApp.set(app, limits);
}

/** The app's counters; a plugin scope (Fastify makes it with Object.create) finds its root's. */
function limitsOf(app: FastifyInstance): Limits {
  for (let scope: object | null = app; scope; scope = Object.getPrototypeOf(scope)) {
    const limits = limitsByApp.get(scope as FastifyInstance);
    if (limits) return limits;
  }
  throw new Error('registerRateLimits must run before the routes that count');
}

/** This process's counters, standing in for Redis: each request counts FALLBACK_COUNT_FACTOR times. */
class FallbackLimiter extends RateLimiterMemory {
  constructor(
    options: { points: number; duration: number },
    private readonly onUse: () => void,
  ) {
    super(options);
  }
  override consume(key: string | number, points = 1, options?: Record<string, unknown>) {
    this.onUse();
    return super.consume(key, points * FALLBACK_COUNT_FACTOR, options);
  }
  override get(key: string | number, options?: Record<string, unknown>) {
    this.onUse();
    return super.get(key, options);
  }
  override block(key: string | number, seconds: number, options?: Record<string, unknown>) {
    this.onUse();
    return super.block(key, seconds, options);
  }
  override delete(key: string | number, options?: Record<string, unknown>) {
    this.onUse();
    return super.delete(key, options);
  }
}

/**
 * A counter of `points` per `windowMs` named `name` (one per name and app): in Redis with this process as the
 * stricter fallback, or in this process alone without Redis.
 */
export function createLimiter(
  app: FastifyInstance,
  spec: { name: string; points: number; windowMs: number },
): RateLimiterAbstract {
  const limits = limitsOf(app);
  const cacheKey = `${spec.name}:${spec.points}:${spec.windowMs}`;
  const known = limits.limiters.get(cacheKey);
  if (known) return known;
  const duration = Math.max(1, Math.ceil(spec.windowMs / 1000));
  const keyPrefix = `${limits.keyPrefix}${spec.name}`;
  const limiter = limits.redis
    ? new RateLimiterRedis({
        storeClient: limits.redis,
        keyPrefix,
        points: spec.points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new FallbackLimiter({ points: spec.points, duration }, limits.onFallback),
      })
    : new RateLimiterMemory({ keyPrefix, points: spec.points, duration });
  limits.limiters.set(cacheKey, limiter);
  return limiter;
}

/** Whether the shared counters are reachable: `off` without REDIS_URL. Answers within REDIS_COMMAND_TIMEOUT_MS. */
export async function redisHealth(app: FastifyInstance): Promise<RedisHealth> {
  const redis = limitsOf(app).redis;
  if (!redis) return 'off';
  if (redis.status !== 'ready') return 'unavailable';
  try {
    await redis.ping();
    return 'ok';
  } catch {
    return 'unavailable';
  }
}

/** The 429 every limit answers, with `Retry-After` in whole seconds. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(
    429,
    'rateLimited',
    `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
  );
}

/** Counts one attempt for `key`; past the limit, throws the 429 (for checks that need the parsed body first). */
export async function countAttempt(limiter: RateLimiterAbstract, key: string, reply: FastifyReply): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) throw tooManyAttempts(reply, refusal.msBeforeNext);
    throw refusal;
  }
}

/** A preHandler that counts the request against every rule and answers 429 with `Retry-After` past any limit. */
export function rateLimited(app: FastifyInstance, rules: RateLimitRule[]): preHandlerAsyncHookHandler {
  const checks = rules.map((rule) => ({
    rule,
    limiter: createLimiter(app, { name: rule.name, points: rule.max, windowMs: rule.windowMs }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { rule, limiter } of checks) {
      const key = rule.key(request);
      if (key !== undefined) await countAttempt(limiter, key, reply);
    }
  };
}
