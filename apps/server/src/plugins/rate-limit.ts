import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
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

export class RedisUnavailableError extends Error {}

/**
 * Counters live in Redis when `REDIS_URL` is set, so every server process behind the load balancer counts
 * together; otherwise in this process. If Redis fails mid-flight, requests pass (logged) rather than fail.
 */
export async function registerRateLimits(app: FastifyInstance, redisConfig: AppConfig['redis']): Promise<void> {
  let redis: Redis | undefined;
  if (redisConfig) {
    // At start Redis must answer (fail fast, like the database); once up, lost connections are retried.
    let started = false;
    let firstError: Error | undefined;
    redis = new Redis(redisConfig.url, {
      lazyConnect: true,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
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
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis error; rate limits pass until it is back'));
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${redisConfig?.keyPrefix ?? ''}rate-limit:`,
    skipOnError: true,
  });
}

/** A preHandler that counts the request against every rule and answers 429 with `Retry-After` past any limit. */
export function rateLimited(app: FastifyInstance, rules: RateLimitRule[]): preHandlerAsyncHookHandler {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
    }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { rule, check } of checks) {
      if (rule.key(request) === undefined) continue;
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          'rateLimited',
          `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
        );
      }
    }
  };
}
