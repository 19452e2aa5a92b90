import 'server-only';
import type { Redis } from 'ioredis';
import { serverEnv } from '@/lib/env';
import type { RateLimiter } from './contracts';
import { rateLimited } from './errors';
import { PriorityLimiter } from './priority-limiter';
import { processState } from './process-state';
import { getRedis, RedisRateLimiter } from './redis';

/** SPEC §4/§9: without a usable Retry-After header, back off for 60 s. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** A hostile or broken header must not silence the database for longer than an hour. */
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Retry-After in seconds: delta-seconds, or (allowed by RFC 9110) an HTTP date. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_SECONDS;
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(value)) {
    seconds = Number(value);
  } else if (/^[A-Za-z]{3}, /.test(value)) {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
    seconds = (date - now) / 1000;
  } else {
    return DEFAULT_RETRY_AFTER_SECONDS;
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
}

async function sleepUntil(time: number): Promise<void> {
  // Timers may fire a little early relative to Date.now(); loop so the gap is never shortened.
  while (Date.now() < time) {
    await new Promise((resolve) => setTimeout(resolve, time - Date.now()));
  }
}

/**
 * Jikan counts our calls by when they reach it, not when we send them: loopback or network jitter
 * and millisecond-rounded clocks can make two calls sent exactly 1200 ms apart arrive 1199 ms
 * apart. Extra milliseconds keep the gap whole as the receiver sees it, even on a busy machine
 * (5 ms proved too few when two test suites shared two cores; 20 ms too few at a load average of
 * 18 on two cores, where one call arrived 46 ms late and the next on time); 60 ms costs under 5 %
 * throughput, and 1260 ms still keeps well inside Jikan's 60 calls a minute.
 */
export const RECEIVER_MARGIN_MS = 60;

/**
 * Slots are handed out in arrival order (`nextSlotAt` only moves forward), so waiting callers run
 * first-in first-out, each at least the minimum interval after the previous one.
 */
export class InProcessRateLimiter implements RateLimiter {
  private readonly spacingMs: number;
  private nextSlotAt = 0;
  private lastCallAt = Number.NEGATIVE_INFINITY;
  private limitedUntil = 0;

  constructor(minIntervalMs: number) {
    this.spacingMs = minIntervalMs > 0 ? minIntervalMs + RECEIVER_MARGIN_MS : 0;
  }

  async acquire({ maxWaitMs }: { maxWaitMs: number }): Promise<void> {
    const now = Date.now();
    if (now < this.limitedUntil) throw rateLimited(this.limitedUntil - now);
    const slot = Math.max(now, this.nextSlotAt);
    if (slot - now > maxWaitMs) throw rateLimited(slot - now);
    this.nextSlotAt = slot + this.spacingMs;
    await sleepUntil(slot);
    // If the previous caller's timer fired late, its call went late too: keep the gap behind it.
    await sleepUntil(this.lastCallAt + this.spacingMs);
    // A 429 may have arrived while this caller was queued: it must not call either.
    const left = this.limitedUntil - Date.now();
    if (left > 0) throw rateLimited(left);
    this.lastCallAt = Date.now();
  }

  async markLimited(retryAfterSeconds: number): Promise<void> {
    this.limitedUntil = Math.max(this.limitedUntil, Date.now() + retryAfterSeconds * 1000);
  }

  async limitedForMs(): Promise<number> {
    return Math.max(0, this.limitedUntil - Date.now());
  }

  async expectedWaitMs(): Promise<number> {
    const now = Date.now();
    // The same turn acquire() would hand out (and the gap behind a late previous call).
    return Math.max(
      0,
      this.limitedUntil - now,
      this.nextSlotAt - now,
      this.lastCallAt + this.spacingMs - now,
    );
  }
}

const moduleState = () => processState<{ rateLimiter?: RateLimiter }>('rate-limiter', () => ({}));

/**
 * A limiter for calls to the anime database, one call every `interval` ms, shared by every
 * instance through `redis` when given (the in-process limiter is its fallback while Redis fails).
 */
export function createRateLimiter(interval: number, redis?: Redis): RateLimiter {
  const local = new InProcessRateLimiter(interval);
  const shared = redis ? new RedisRateLimiter(redis, local, interval, RECEIVER_MARGIN_MS) : local;
  // Callers queue here by priority; the limiter underneath hands out one turn at a time.
  return new PriorityLimiter(shared, interval > 0 ? interval + RECEIVER_MARGIN_MS : 0);
}

/** The process's limiter: JIKAN_MIN_INTERVAL_MS, through Redis when REDIS_URL is set. */
export function getRateLimiter(): RateLimiter {
  const state = moduleState();
  return (state.rateLimiter ??= createRateLimiter(serverEnv().JIKAN_MIN_INTERVAL_MS, getRedis()));
}
