import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { RedisHealth, redisUsable } from './redis-connection.mjs';

/**
 * A budget per client: a token bucket of `burst` tokens that refills one token every
 * `60 / perMinute` seconds. A client who spent the burst gets one request back within seconds,
 * averages `perMinute` at most, and never spends more than `burst` at once. A refused take
 * answers the milliseconds until the next token (an honest Retry-After) and spends nothing.
 *
 * With a Redis connection the bucket lives in Redis (one Lua script per take, on Redis's clock),
 * so one client has one bucket whichever instance answers it. While Redis fails (down, slow,
 * still connecting) each instance keeps buckets in its own memory (MemoryBuckets), and no request
 * fails because of Redis; once Redis answers again the shared buckets are used again.
 * docs/decisions/refilling-budgets.md.
 */
export interface BudgetOptions {
  /** Names the budget in Redis keys and log lines ('client-miss', 'image-render'). */
  name: string;
  burst: number;
  perMinute: number;
  /** The shared store; undefined: this process's memory only. */
  redis?: Redis;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Token buckets in this process's memory, kept for the most recent 10 000 clients. */
export class MemoryBuckets {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 10_000 });

  constructor(
    private readonly burst: number,
    private readonly perMinute: number,
  ) {}

  get enabled(): boolean {
    return this.burst > 0 && this.perMinute > 0;
  }

  /** Takes one token; answers 0 when granted, else the milliseconds until a token is back. */
  take(client: string, now = Date.now()): number {
    if (!this.enabled) return 0;
    const msPerToken = 60_000 / this.perMinute;
    const bucket = this.buckets.get(client) ?? { tokens: this.burst, updatedAt: now };
    const refilled = Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.updatedAt) / msPerToken);
    if (refilled >= 1) {
      this.buckets.set(client, { tokens: refilled - 1, updatedAt: now });
      return 0;
    }
    this.buckets.set(client, { tokens: refilled, updatedAt: now });
    return Math.ceil((1 - refilled) * msPerToken);
  }
}

/**
 * The same bucket in Redis, on Redis's clock (every instance agrees on the time): refill since the
 * last take, take one token if there is one, else answer the milliseconds until the next. The key
 * expires once the bucket would be full again (an idle client costs no memory).
 * KEYS[1] the bucket; ARGV: burst, milliseconds per token.
 */
const TAKE_TOKEN = `
local burst = tonumber(ARGV[1])
local msPerToken = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / msPerToken)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) * msPerToken)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * msPerToken) + 1000)
return wait
`;

export class SharedBudget {
  readonly enabled: boolean;
  private readonly memory: MemoryBuckets;
  private readonly redis?: Redis;
  private readonly health: RedisHealth;
  private readonly prefix: string;
  private readonly burst: number;
  private readonly msPerToken: number;

  constructor({ name, burst, perMinute, redis }: BudgetOptions) {
    this.enabled = burst > 0 && perMinute > 0;
    this.health = new RedisHealth(`${name} budget`, "each instance's own buckets");
    this.memory = new MemoryBuckets(burst, perMinute);
    this.prefix = `am:budget:${name}:`;
    this.burst = burst;
    this.msPerToken = this.enabled ? 60_000 / perMinute : 0;
    this.redis = redis;
  }

  /** Takes one request from `client`'s budget: 0 when granted, else the milliseconds until one is back. */
  async take(client: string): Promise<number> {
    if (!this.enabled) return 0;
    // A fresh process waits (a few seconds at most) for its first connection, so two new
    // instances share from their first request.
    if (this.redis && (await redisUsable(this.redis))) {
      try {
        const wait = Number(
          await this.redis.eval(TAKE_TOKEN, 1, `${this.prefix}${client}`, this.burst, this.msPerToken),
        );
        this.health.worked();
        return wait > 0 ? Math.max(1, wait) : 0;
      } catch (error) {
        this.health.failed(error);
      }
    } else if (this.redis) {
      this.health.failed(new Error(`connection ${this.redis.status}`));
    }
    return this.memory.take(client);
  }
}
