import 'server-only';
import { runAfterResponse } from '@/lib/server/background';
import { withoutClientBudget } from '@/lib/server/client-budget';
import { isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { getAnimeDetails } from './details';
import { limiterHasRoom } from './related';

const log = serverLog('jikan');

/**
 * Learning a record the server does not hold yet, within the anime database's budget: a list that
 * names anime it knows only by id and title (fans' recommendations) withholds them from visitors
 * until their age rating is known. Each request that meets such a gap may start one fetch of one
 * record, after its answer (`after()`), and only when the limiter has room (a call asked now
 * would wait no longer than one gap, as the franchise walk's step). The record is then kept for
 * everyone (lib/records, through the data layer), so the list completes over a few visits.
 */

/** Anime whose record is being fetched by this process: asked once, not once per request. */
const inFlight = () =>
  processState<{ learning: Set<number> }>('learn', () => ({ learning: new Set() })).learning;

/**
 * Starts fetching the first of `missing` (the order is the caller's priority) that is not being
 * fetched already, when the limiter has room. At most one per call; answers the id started, or
 * null (nothing missing, all in flight, or no room now: a later request tries again).
 */
export async function learnOneRecord(missing: readonly number[]): Promise<number | null> {
  const id = missing.find((candidate) => !inFlight().has(candidate));
  if (id === undefined) return null;
  if (!(await limiterHasRoom())) return null;
  if (inFlight().has(id)) return null;
  inFlight().add(id);
  // Charged to no visitor: it uses only the room the limiter has spare, and is kept for everyone.
  runAfterResponse(`learning the record of anime ${id}`, () => withoutClientBudget(() => learn(id)));
  return id;
}

/** One record through the data layer (which keeps it durably); a failure waits for a later request. */
async function learn(id: number): Promise<void> {
  try {
    const record = await getAnimeDetails(id);
    if (record.offline) log.info({ id }, 'learning: the anime database did not answer');
  } catch (error) {
    // No such anime: nothing to learn, and the not-found answer is remembered by the data layer.
    if (!isAppError(error, 'NOT_FOUND')) throw error;
  } finally {
    inFlight().delete(id);
  }
}
