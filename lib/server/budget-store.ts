import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { RedisHealth, redisUsable } from './redis-connection.mjs';

/**
 * A budget per client (rate-limiter-flexible): `burst` requests per window of
 * `burst × 60 / perMinute` seconds, so a client averages `perMinute` at most and never spends more
 * than `burst` at once. The window opens at a client's first request.
 *
 * With a Redis connection the counts live in Redis (RateLimiterRedis, one atomic script per take),
 * so one client has one budget whichever instance answers it. While Redis fails (down, slow,
 * still connecting) each instance counts in its own memory (the insurance limiter,
 * RateLimiterMemory), and no request fails because of Redis; once Redis answers again the shared
 * counts are used again. docs/decisions/shared-budgets.md.
 */
export interface BudgetOptions {
  /** Names the budget in Redis keys and log lines ('client-miss', 'image-render'). */
  name: string;
  burst: number;
  perMinute: number;
  /** The shared store; undefined: this process's memory only. */
  redis?: Redis;
}

/** The window of a budget, in whole seconds (at least one). */
export function budgetWindowSeconds(burst: number, perMinute: number): number {
  return Math.max(1, Math.round((burst * 60) / perMinute));
}

export class SharedBudget {
  readonly enabled: boolean;
  private readonly limiter?: RateLimiterAbstract;
  private readonly redis?: Redis;
  private readonly health: RedisHealth;

  constructor({ name, burst, perMinute, redis }: BudgetOptions) {
    this.enabled = burst > 0 && perMinute > 0;
    this.health = new RedisHealth(`${name} budget`, "each instance's own count");
    if (!this.enabled) return;
    const points = burst;
    const duration = budgetWindowSeconds(burst, perMinute);
    const memory = new RateLimiterMemory({ keyPrefix: `am:budget:${name}`, points, duration });
    this.redis = redis;
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `am:budget:${name}`,
          points,
          duration,
          // A connection that is not ready goes to the insurance at once, not to a command queue.
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  }

  /** Takes one request from `client`'s budget: 0 when granted, else the milliseconds until one is back. */
  async take(client: string): Promise<number> {
    if (!this.limiter) return 0;
    // A fresh process waits (a few seconds at most) for its first connection, so two new
    // instances share from their first request.
    if (this.redis && !(await redisUsable(this.redis)))
      this.health.failed(new Error(`connection ${this.redis.status}`));
    try {
      await this.limiter.consume(client);
      if (this.redis?.status === 'ready') this.health.worked();
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
      // Neither Redis nor the insurance answered (not expected): the request is not refused for it.
      this.health.failed(refusal);
      return 0;
    }
  }
}
