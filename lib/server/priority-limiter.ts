import { AsyncLocalStorage } from 'node:async_hooks';
import { isBackgroundRequest } from '@/lib/request-priority';
import type { RateLimiter } from './contracts';
import { rateLimited } from './errors';
import { processState } from './process-state';

/**
 * What a person waits for goes first. Calls to the anime database wait in this process's queue by
 * priority, then by arrival, and the limiter underneath (in-process or shared through Redis) is
 * asked for one turn at a time: each turn goes to the best caller waiting when it comes. A page
 * or answer with no copy to show therefore never waits behind listings, and neither waits behind
 * refreshes of stale copies or background calls. docs/decisions/limiter-priority.md.
 */
export const CALL_PRIORITY = {
  /** A page or answer with no copy to show: the visitor has nothing until it is back. */
  answer: 0,
  /** A listing a person opened (search, season, top, schedule). */
  listing: 1,
  /** A refresh of a copy already shown, or a call nobody waits for. */
  background: 2,
} as const;

export type CallPriority = (typeof CALL_PRIORITY)[keyof typeof CALL_PRIORITY];

const moduleState = () =>
  processState<{
    priority?: AsyncLocalStorage<CallPriority>;
    floor?: AsyncLocalStorage<CallPriority>;
  }>('call-priority', () => ({}));

function context(): AsyncLocalStorage<CallPriority> {
  const state = moduleState();
  state.priority ??= new AsyncLocalStorage<CallPriority>();
  return state.priority;
}

function floorContext(): AsyncLocalStorage<CallPriority> {
  const state = moduleState();
  state.floor ??= new AsyncLocalStorage<CallPriority>();
  return state.floor;
}

/**
 * Runs `fn` (a request's work) with every call it starts at `floor` or later: the requests of the
 * app's background jobs (lib/request-priority.ts) wait behind what people opened.
 */
export function withPriorityFloor<T>(floor: CallPriority, fn: () => T): T {
  return floorContext().run(Math.max(floor, floorContext().getStore() ?? floor) as CallPriority, fn);
}

/**
 * The floor of the calls a request starts: background for the app's background jobs (their
 * header, lib/request-priority.ts), none for anything else (each call keeps its own priority).
 */
export function priorityFloorOf(headers: Pick<Headers, 'get'>): CallPriority | null {
  return isBackgroundRequest(headers) ? CALL_PRIORITY.background : null;
}

/** Runs `fn` (an API route's work for `request`) at the floor its request asks for, if any. */
export function withRequestPriority<T>(request: { headers: Pick<Headers, 'get'> }, fn: () => T): T {
  const floor = priorityFloorOf(request.headers);
  return floor === null ? fn() : withPriorityFloor(floor, fn);
}

/** `priority`, or the request's floor when that comes later (a background job's request). */
export function atRequestedPriority(priority: CallPriority): CallPriority {
  return Math.max(priority, floorContext().getStore() ?? priority) as CallPriority;
}

/** Runs `fn` with its calls (and queue estimates) at `priority`. */
export function withCallPriority<T>(priority: CallPriority, fn: () => T): T {
  return context().run(priority, fn);
}

/** The priority of the calls made here: a listing's when nobody said. */
export function currentCallPriority(): CallPriority {
  return context().getStore() ?? CALL_PRIORITY.listing;
}

interface Waiter {
  priority: CallPriority;
  seq: number;
  deadline: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class PriorityLimiter implements RateLimiter {
  private readonly waiters: Waiter[] = [];
  private seq = 0;
  private pumping = false;

  constructor(
    private readonly inner: RateLimiter,
    /** The gap between two calls (the inner limiter's), for the estimate of the queue ahead. */
    private readonly spacingMs: number,
  ) {}

  acquire({ maxWaitMs }: { maxWaitMs: number }): Promise<void> {
    const priority = currentCallPriority();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority,
        seq: (this.seq += 1),
        deadline: Date.now() + maxWaitMs,
        resolve,
        reject,
        // No turn within the caller's patience: refused, as the limiter refuses a turn too far.
        timer: setTimeout(() => {
          if (this.remove(waiter)) reject(rateLimited(this.aheadOf(priority) * this.spacingMs));
        }, maxWaitMs),
      };
      // Sorted by priority, then arrival: the first waiter gets the next turn.
      const at = this.waiters.findIndex((other) => other.priority > priority);
      this.waiters.splice(at === -1 ? this.waiters.length : at, 0, waiter);
      void this.pump();
      void this.refuseIfTooFar(waiter);
    });
  }

  /** A turn that would come after the caller's patience is refused at once, not at its end. */
  private async refuseIfTooFar(waiter: Waiter): Promise<void> {
    const underneath = await this.inner.expectedWaitMs().catch(() => 0);
    const index = this.waiters.indexOf(waiter);
    if (index === -1) return;
    const wait = underneath + Math.max(0, index + 1 - (this.pumping ? 1 : 0)) * this.spacingMs;
    if (wait - this.spacingMs > Math.max(0, waiter.deadline - Date.now()) && this.remove(waiter)) {
      waiter.reject(rateLimited(wait));
    }
  }

  private remove(waiter: Waiter): boolean {
    const index = this.waiters.indexOf(waiter);
    if (index === -1) return false;
    this.waiters.splice(index, 1);
    clearTimeout(waiter.timer);
    return true;
  }

  private aheadOf(priority: CallPriority): number {
    return this.waiters.filter((waiter) => waiter.priority <= priority).length;
  }

  /** Asks the limiter underneath for one turn at a time while anyone waits. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiters.length > 0) {
        const patience = Math.max(...this.waiters.map((waiter) => waiter.deadline)) - Date.now();
        try {
          await this.inner.acquire({ maxWaitMs: Math.max(0, patience) });
        } catch (error) {
          // A 429 back-off (or no turn for anyone in time): every waiter would be refused alike.
          for (const waiter of [...this.waiters]) if (this.remove(waiter)) waiter.reject(error);
          continue;
        }
        const next = this.waiters[0];
        if (next && this.remove(next)) next.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }

  markLimited(retryAfterSeconds: number): Promise<void> {
    return this.inner.markLimited(retryAfterSeconds);
  }

  limitedForMs(): Promise<number> {
    return this.inner.limitedForMs();
  }

  /** The wait of a caller at the current priority: the turn underneath and the waiters before it. */
  async expectedWaitMs(): Promise<number> {
    // While a turn is being asked for underneath, the first waiter ahead takes it (already counted).
    const ahead = Math.max(0, this.aheadOf(currentCallPriority()) - (this.pumping ? 1 : 0));
    return (await this.inner.expectedWaitMs()) + ahead * this.spacingMs;
  }
}
