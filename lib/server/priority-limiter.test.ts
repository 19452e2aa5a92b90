import { describe, expect, it } from 'vitest';
import { isAppError } from './errors';
import { BACKGROUND_REQUEST_HEADERS, REQUEST_PRIORITY_HEADER } from '@/lib/request-priority';
import {
  CALL_PRIORITY,
  PriorityLimiter,
  atRequestedPriority,
  currentCallPriority,
  priorityFloorOf,
  withCallPriority,
  withPriorityFloor,
  withRequestPriority,
} from './priority-limiter';
import { InProcessRateLimiter, RECEIVER_MARGIN_MS } from './rate-limiter';

const GAP = 40;
const limiter = () => new PriorityLimiter(new InProcessRateLimiter(GAP), GAP + RECEIVER_MARGIN_MS);

describe('PriorityLimiter', () => {
  it('hands each turn to the best caller waiting: answers before listings before refreshes', async () => {
    const queue = limiter();
    const order: string[] = [];
    const ask = (name: string, priority: (typeof CALL_PRIORITY)[keyof typeof CALL_PRIORITY]) =>
      withCallPriority(priority, () => queue.acquire({ maxWaitMs: 10_000 })).then(() => order.push(name));
    // Background work and listings queue first; an answer nobody has a copy of arrives last.
    const all = [
      ask('refresh-1', CALL_PRIORITY.background),
      ask('refresh-2', CALL_PRIORITY.background),
      ask('listing-1', CALL_PRIORITY.listing),
      ask('listing-2', CALL_PRIORITY.listing),
      ask('answer', CALL_PRIORITY.answer),
    ];
    await Promise.all(all);
    // All were waiting when the first turn came: by priority, then by arrival.
    expect(order).toEqual(['answer', 'listing-1', 'listing-2', 'refresh-1', 'refresh-2']);
    // A listing still waiting for its turn (the gap after the last one) lets an answer go first.
    const later: string[] = [];
    const first = queue.acquire({ maxWaitMs: 10_000 }).then(() => later.push('listing'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = withCallPriority(CALL_PRIORITY.answer, () => queue.acquire({ maxWaitMs: 10_000 })).then(
      () => later.push('answer'),
    );
    await Promise.all([first, answer]);
    expect(later).toEqual(['answer', 'listing']);
  });

  it('keeps the gap between every two turns', async () => {
    const queue = limiter();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        queue.acquire({ maxWaitMs: 10_000 }).then(() => times.push(Date.now())),
      ),
    );
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GAP);
  });

  it('estimates the wait of each priority from the callers ahead of it only', async () => {
    const queue = limiter();
    const pending = Array.from({ length: 5 }, () =>
      withCallPriority(CALL_PRIORITY.background, () => queue.acquire({ maxWaitMs: 10_000 })),
    );
    const background = await withCallPriority(CALL_PRIORITY.background, () => queue.expectedWaitMs());
    const answer = await withCallPriority(CALL_PRIORITY.answer, () => queue.expectedWaitMs());
    expect(background).toBeGreaterThanOrEqual(4 * (GAP + RECEIVER_MARGIN_MS));
    expect(answer).toBeLessThanOrEqual(GAP + RECEIVER_MARGIN_MS);
    await Promise.all(pending);
  });

  it('refuses a caller whose turn does not come within its patience, and every caller during a back-off', async () => {
    const queue = limiter();
    const first = queue.acquire({ maxWaitMs: 10_000 });
    const many = Array.from({ length: 3 }, () => queue.acquire({ maxWaitMs: 10_000 }));
    const impatient = await queue.acquire({ maxWaitMs: 1 }).catch((error: unknown) => error);
    expect(isAppError(impatient, 'RATE_LIMITED')).toBe(true);
    await first;
    await queue.markLimited(30);
    const refused = await Promise.allSettled(many);
    expect(refused.every((result) => result.status === 'rejected')).toBe(true);
    expect(await queue.limitedForMs()).toBeGreaterThan(29_000);
  });

  it('asks at a listing priority when nobody said', () => {
    expect(currentCallPriority()).toBe(CALL_PRIORITY.listing);
    expect(withCallPriority(CALL_PRIORITY.answer, currentCallPriority)).toBe(CALL_PRIORITY.answer);
  });
});

describe('the priority a request asks for', () => {
  const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

  it('puts the background jobs’ requests at background priority, and nothing else', () => {
    expect(priorityFloorOf(new Headers(BACKGROUND_REQUEST_HEADERS))).toBe(CALL_PRIORITY.background);
    expect(priorityFloorOf(new Headers({ [REQUEST_PRIORITY_HEADER]: ' Background ' }))).toBe(
      CALL_PRIORITY.background,
    );
    // A person's request, or any other value: each call keeps its own priority (none can be raised).
    expect(priorityFloorOf(new Headers())).toBeNull();
    for (const value of ['answer', 'listing', 'high', '0', '']) {
      expect(priorityFloorOf(new Headers({ [REQUEST_PRIORITY_HEADER]: value }))).toBeNull();
    }
  });

  it('lowers every call of a background request, and leaves a person’s calls where they are', () => {
    const background = request(BACKGROUND_REQUEST_HEADERS);
    expect(withRequestPriority(background, () => atRequestedPriority(CALL_PRIORITY.answer))).toBe(
      CALL_PRIORITY.background,
    );
    expect(withRequestPriority(background, () => atRequestedPriority(CALL_PRIORITY.listing))).toBe(
      CALL_PRIORITY.background,
    );
    const person = request({ [REQUEST_PRIORITY_HEADER]: 'answer' });
    expect(withRequestPriority(person, () => atRequestedPriority(CALL_PRIORITY.answer))).toBe(
      CALL_PRIORITY.answer,
    );
    expect(withRequestPriority(person, () => atRequestedPriority(CALL_PRIORITY.listing))).toBe(
      CALL_PRIORITY.listing,
    );
    expect(atRequestedPriority(CALL_PRIORITY.answer)).toBe(CALL_PRIORITY.answer);
    // A floor is never raised by an inner one.
    expect(
      withPriorityFloor(CALL_PRIORITY.background, () =>
        withPriorityFloor(CALL_PRIORITY.answer, () => atRequestedPriority(CALL_PRIORITY.answer)),
      ),
    ).toBe(CALL_PRIORITY.background);
  });

  it('queues a background request’s listing behind a person’s page and listing', async () => {
    const queue = limiter();
    const order: string[] = [];
    const ask = (name: string, base: (typeof CALL_PRIORITY)[keyof typeof CALL_PRIORITY], headers = {}) =>
      withRequestPriority(request(headers), () =>
        withCallPriority(atRequestedPriority(base), () => queue.acquire({ maxWaitMs: 10_000 })),
      ).then(() => order.push(name));
    await Promise.all([
      ask('kit-listing', CALL_PRIORITY.listing, BACKGROUND_REQUEST_HEADERS),
      ask('check-record', CALL_PRIORITY.answer, BACKGROUND_REQUEST_HEADERS),
      ask('listing', CALL_PRIORITY.listing),
      ask('page', CALL_PRIORITY.answer),
    ]);
    expect(order).toEqual(['page', 'listing', 'kit-listing', 'check-record']);
  });
});
