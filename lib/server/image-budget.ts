import 'server-only';
import { serverEnv } from '@/lib/env';
import { ClientBudget, clientKeyOf } from './client-budget';
import { processState } from './process-state';

/**
 * Per-client budget of the preview-card images (the opengraph-image and twitter-image routes).
 * Each card that is not cached yet costs a render (about 100 ms of CPU and 60 kB of render cache),
 * and a review card's address can carry any opinion, so one client could otherwise fill the
 * render cache with cards nobody shares. proxy.ts takes a token for every card request: a link
 * preview asks for one or two, a client over IMAGE_RENDER_BURST (refilled at
 * IMAGE_RENDER_PER_MINUTE) waits, answered 429 with Retry-After. Clients are told apart as for the
 * API's budget (client-budget.ts clientKeyOf: the first X-Forwarded-For hop).
 */

// Process-wide: the proxy bundle and the tests share one set of buckets per process.
const state = processState<{ budget?: ClientBudget }>('image-budget', () => ({}));

function budget(): ClientBudget {
  if (!state.budget) {
    const { IMAGE_RENDER_BURST, IMAGE_RENDER_PER_MINUTE } = serverEnv();
    state.budget = new ClientBudget(IMAGE_RENDER_BURST, IMAGE_RENDER_PER_MINUTE);
  }
  return state.budget;
}

/** Takes one card render from the client of `request`: 0 when granted, else the seconds to wait. */
export function takeImageRender(request: Request, now = Date.now()): number {
  const waitMs = budget().take(clientKeyOf(request), now);
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** Test-only: forget every bucket and re-read the budget from env on next use. */
export function resetImageBudgetForTests(): void {
  state.budget = undefined;
}
