import 'server-only';
import { serverEnv } from '@/lib/env';
import { SharedBudget } from './budget-store';
import { clientKeyOf } from './client-budget';
import { processState } from './process-state';
import { getRedis } from './redis';

/**
 * Per-client budget of preview-card renders (the card route handlers, app/api/card/…). Each card
 * that is not cached yet costs a render (about 100 ms of CPU and 60 kB of cache), and a review
 * card's address can carry any opinion, so one client could otherwise fill the cache with cards
 * nobody shares. lib/server/card-cache.ts takes one only when a card is drawn: a cached card is
 * free for everyone. A client that spent IMAGE_RENDER_BURST gets one back at
 * IMAGE_RENDER_PER_MINUTE and meanwhile is answered 429 with Retry-After. Clients are told apart
 * as for the API's budget (client-budget.ts clientKeyOf), and the budget is shared through Redis
 * when REDIS_URL is set (budget-store.ts).
 */

// Process-wide: the route bundles and the tests share one budget per process.
const moduleState = () => processState<{ budget?: SharedBudget }>('image-budget', () => ({}));

function budget(): SharedBudget {
  const state = moduleState();
  if (!state.budget) {
    const { IMAGE_RENDER_BURST, IMAGE_RENDER_PER_MINUTE } = serverEnv();
    state.budget = new SharedBudget({
      name: 'image-render',
      burst: IMAGE_RENDER_BURST,
      perMinute: IMAGE_RENDER_PER_MINUTE,
      redis: getRedis(),
    });
  }
  return state.budget;
}

/** Takes one card render from the client of `request`: 0 when granted, else the seconds to wait. */
export async function takeImageRender(request: Request | { headers: Headers }): Promise<number> {
  const waitMs = await budget().take(clientKeyOf(request));
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}
