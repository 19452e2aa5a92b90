import 'server-only';
import { unstable_cache } from 'next/cache';
import { takeImageRender } from './image-budget';

/** How long a drawn card is fresh, in Next's cache and at the edge (as the pages it previews). */
export const CARD_FRESH_SECONDS = 600;
/** How long the edge (nginx, a CDN) may serve a card past that while it fetches a new one. */
export const CARD_STALE_SECONDS = 86_400;
const CARD_CACHE_CONTROL = `public, max-age=${CARD_FRESH_SECONDS}, s-maxage=${CARD_FRESH_SECONDS}, stale-while-revalidate=${CARD_STALE_SECONDS}`;

/** The client's budget of card renders is spent (lib/server/image-budget.ts). */
class CardBudgetSpent extends Error {
  constructor(readonly waitSeconds: number) {
    super('card render budget spent');
  }
}

/** The card could not be drawn (its anime not found, or not to be had now): nothing is cached. */
class CardNotDrawn extends Error {
  constructor(readonly answer: Response) {
    super(`card not drawn: ${answer.status}`);
  }
}

const noStore = (status: number, retryAfter?: string | null): Response =>
  new Response(null, {
    status,
    headers: { 'Cache-Control': 'no-store', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
  });

/** A card address that is not one the app makes: 404 before any render, never cached. */
export const cardNotFound = (): Response => noStore(404);

/**
 * A preview card (PNG) for the card route handlers (app/api/card/…). The card is looked up in
 * Next's cache (unstable_cache, through the app's cacheHandler: in Redis when REDIS_URL is set,
 * so every instance shares it) under `key`; only a miss takes one render from the budget of the
 * client of `request` (clientKeyOf), and a spent budget answers 429 with Retry-After (no-store).
 * A cached card costs no one anything, and is answered `public, s-maxage` so that nginx (its
 * image cache) and a CDN keep it too. A card that could not be drawn answers the render's status
 * (404, or 503 with Retry-After), no-store; a card past its life is served while it is drawn
 * again in the background (charged to the client that asked).
 */
export async function serveCard(
  request: Request,
  key: string[],
  render: () => Promise<Response>,
): Promise<Response> {
  // Read here: a request's headers cannot be read inside unstable_cache.
  const client = { headers: new Headers(request.headers) };
  const cached = unstable_cache(
    async () => {
      const waitSeconds = await takeImageRender(client);
      if (waitSeconds > 0) throw new CardBudgetSpent(waitSeconds);
      const answer = await render();
      if (!answer.ok) throw new CardNotDrawn(answer);
      return Buffer.from(await answer.arrayBuffer()).toString('base64');
    },
    ['anime-master:card', ...key],
    { revalidate: CARD_FRESH_SECONDS },
  );
  try {
    const png = Buffer.from(await cached(), 'base64');
    return new Response(png, {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': CARD_CACHE_CONTROL,
      },
    });
  } catch (error) {
    if (error instanceof CardBudgetSpent) return noStore(429, String(error.waitSeconds));
    if (error instanceof CardNotDrawn) {
      await error.answer.body?.cancel().catch(() => undefined);
      return noStore(error.answer.status, error.answer.headers.get('Retry-After'));
    }
    throw error;
  }
}
