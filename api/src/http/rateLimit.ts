// Redis-backed rate limits (rate-limiter-flexible) as Koa middleware any route can put in front of
// itself:  router.post('/api/x', limits.limit({ name: 'x', points: 5, durationSeconds: 60, key: ipKey }), ...)
// Over the limit: 429 with Retry-After and {message, fields}. Redis trouble never refuses anyone:
// the limit fails open and the problem is logged.
//
// Environment (api/src/config.ts): RATE_LIMIT_DISABLED=true turns every limit off (load tests);
// RATE_LIMIT_SCALE=N multiplies every limit's points; RATE_LIMIT_SIGNIN_IP_POINTS,
// RATE_LIMIT_SIGNIN_ACCOUNT_POINTS, RATE_LIMIT_SIGNUP_IP_POINTS and RATE_LIMIT_PASSWORD_RESET_IP_POINTS
// set the account limits.

import type { Logger } from '@printfarm/db/logger';
import { withTimeout } from '@printfarm/domain/async';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { ApiConfig } from '../config.ts';
import type { AnyStateMiddleware, AppContext } from './context.ts';
import { HttpError } from './errors.ts';

export interface RateLimitOptions {
  /** Unique per limit; part of the Redis key. */
  name: string;
  /** Requests allowed per window (before RATE_LIMIT_SCALE). */
  points: number;
  durationSeconds: number;
  /** What is counted: the client IP, an account e-mail... Return null to skip the limit for this request. */
  key: (ctx: AppContext) => string | null | undefined;
}

/**
 * Who a per-address limit counts: the client's address (behind the production proxy, X-Forwarded-For is
 * trusted through app.proxy), an IPv6 address by its /64, the smallest block one client is given, so
 * stepping through one's own addresses does not reset the count. An IPv4-mapped address counts as IPv4.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address || 'unknown';
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const ipKey = (ctx: AppContext): string => clientKey(ctx.ip || 'unknown');

const REDIS_TIMEOUT_MS = 1_000;

export function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(
    429,
    `Too many attempts. Please try again in ${seconds} seconds.`,
    {},
    { 'Retry-After': String(seconds) },
  );
}

/** One app's rate limits, on its own Redis; createApp makes one and hands it to the routes in ApiDeps. */
export interface RateLimits {
  /** Middleware that counts the request against the limit; 429 when it is used up. */
  limit(options: RateLimitOptions): AnyStateMiddleware;
  /** Middleware that refuses a key whose limit is used up, without counting this request. */
  refuseUsedUp(options: RateLimitOptions): AnyStateMiddleware;
  /**
   * Counts one attempt against the limit; throws the 429 when it is used up, else answers how many
   * attempts the key has used in the window (0 when limits are off or Redis did not answer). For limits
   * whose key is only known inside the handler (e.g. the account of a sign-in).
   */
  consume(ctx: AppContext, options: RateLimitOptions, key?: string): Promise<number>;
  /**
   * Throws the 429 when the limit is already used up, without counting this request. With consume
   * after a failure, only failures count (e.g. wrong passwords).
   */
  check(ctx: AppContext, options: RateLimitOptions, key?: string): Promise<void>;
  /** Forgets the attempts counted for a key (e.g. the account's failures after a successful sign-in). */
  reset(options: RateLimitOptions, key: string): Promise<void>;
}

export function createRateLimits(deps: { redis: Redis; config: ApiConfig; log: Logger }): RateLimits {
  const { redis, config, log } = deps;
  const limiters = new Map<string, RateLimiterRedis>();

  function limiterFor(options: RateLimitOptions): RateLimiterRedis {
    let limiter = limiters.get(options.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.QUEUE_PREFIX}:rl:${options.name}`,
        points: Math.max(1, options.points) * config.RATE_LIMIT_SCALE,
        duration: options.durationSeconds,
      });
      limiters.set(options.name, limiter);
    }
    return limiter;
  }

  /**
   * Runs one limiter call for this request's key, unless limits are off or the request has no key.
   * A 429 the call decides on is thrown; Redis trouble (an error or no answer within a second) is
   * logged and the request goes through rather than refusing everyone.
   */
  async function withLimiter<T>(
    ctx: AppContext,
    options: RateLimitOptions,
    key: string | undefined,
    call: (limiter: RateLimiterRedis, id: string) => Promise<T>,
  ): Promise<T | undefined> {
    if (config.RATE_LIMIT_DISABLED) return undefined;
    const id = key ?? options.key(ctx);
    if (!id) return undefined;
    try {
      return await withTimeout(call(limiterFor(options), id), REDIS_TIMEOUT_MS, 'rate limiter timed out');
    } catch (error) {
      if (error instanceof HttpError) throw error;
      (ctx.state.log ?? log).warn({ err: error, limit: options.name }, 'rate limit check failed open');
      return undefined;
    }
  }

  const limits: RateLimits = {
    async consume(ctx, options, key) {
      const used = await withLimiter(ctx, options, key, async (limiter, id) => {
        try {
          return (await limiter.consume(id)).consumedPoints;
        } catch (error) {
          if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
          throw error;
        }
      });
      return used ?? 0;
    },
    check(ctx, options, key) {
      return withLimiter(ctx, options, key, async (limiter, id) => {
        const state = await limiter.get(id);
        if (state && state.consumedPoints >= limiter.points) throw tooManyAttempts(state.msBeforeNext);
      });
    },
    async reset(options, key) {
      if (config.RATE_LIMIT_DISABLED) return;
      try {
        await limiterFor(options).delete(key);
      } catch (error) {
        log.warn({ err: error, limit: options.name }, 'rate limit reset failed');
      }
    },
    limit: (options) => async (ctx, next) => {
      await limits.consume(ctx as AppContext, options);
      await next();
    },
    refuseUsedUp: (options) => async (ctx, next) => {
      await limits.check(ctx as AppContext, options);
      await next();
    },
  };
  return limits;
}
