import 'server-only';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { serverLog } from '@/lib/server/log';
import { redisUsable } from '@/lib/server/redis';
import { MAX_SEEN, type SeenAnime } from './catalogue';

const log = serverLog('catalogue');

/**
 * The offline catalogue's enrichment kept in Redis, so what the servers learnt
 * of the anime database (titles, covers, genres, popularity) survives a restart and is shared by
 * every instance. Bounded like the in-memory enrichment: at most MAX_SEEN records (about 1 KB
 * each), the least recently learnt forgotten first. Best effort: without Redis, or while it fails,
 * the catalogue simply keeps what this process learns.
 */

const HASH = 'am:catalogue:seen';
/** Other titles apart: only a details record has them, and a later listing record must keep them. */
const TITLES = 'am:catalogue:seen:titles';
const ORDER = 'am:catalogue:seen:order';

/**
 * Stores records (ARGV: max, now, then id / record JSON / other titles JSON or '' triples) and
 * forgets the oldest beyond max, in one step so two instances writing at once never leave the
 * hashes and their order apart.
 */
const STORE = `
local max = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
for i = 3, #ARGV, 3 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  if ARGV[i + 2] ~= '' then redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2]) end
  redis.call('ZADD', KEYS[3], now, ARGV[i])
end
local over = redis.call('ZCARD', KEYS[3]) - max
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[3], over)
  for j = 1, #oldest, 2 do
    redis.call('HDEL', KEYS[1], oldest[j])
    redis.call('HDEL', KEYS[2], oldest[j])
  end
end
return over
`;

/** How many records one reload step reads. */
const RELOAD_CHUNK = 500;

export class EnrichmentStore {
  /** What this process last wrote per id (a hash): an unchanged record is not written again. */
  private readonly written = new LRUCache<number, string>({ max: MAX_SEEN });
  private warned = false;

  constructor(
    private readonly redis: Redis,
    private readonly max = MAX_SEEN,
  ) {}

  private warn(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    log.warn({ err: error }, 'could not use Redis for the enrichment; keeping it in memory only');
  }

  /** Writes the records that changed since this process last wrote them. Never throws. */
  async save(records: readonly SeenAnime[]): Promise<void> {
    if (!(await redisUsable(this.redis))) return;
    const args: string[] = [];
    const digests: [number, string][] = [];
    for (const seen of records) {
      const { otherTitles, ...rest } = seen;
      const json = JSON.stringify(rest);
      const titles = otherTitles.length ? JSON.stringify(otherTitles) : '';
      const digest = sha1(json + titles);
      if (this.written.get(seen.id) === digest) continue;
      digests.push([seen.id, digest]);
      args.push(String(seen.id), json, titles);
    }
    if (!args.length) return;
    try {
      await this.redis.eval(STORE, 3, HASH, TITLES, ORDER, String(this.max), String(Date.now()), ...args);
      for (const [id, digest] of digests) this.written.set(id, digest);
    } catch (error) {
      this.warn(error);
    }
  }

  /**
   * Hands every stored record to `accept`, oldest first, in chunks. Waits (at most 3 s) for a
   * connection still being made. Never throws; answers how many records were read.
   */
  async load(accept: (seen: SeenAnime) => void): Promise<number> {
    if (!(await redisUsable(this.redis))) return 0;
    let count = 0;
    try {
      for (let start = 0; ; start += RELOAD_CHUNK) {
        const ids = await this.redis.zrange(ORDER, String(start), String(start + RELOAD_CHUNK - 1));
        if (!ids.length) break;
        const [values, titles] = await Promise.all([
          this.redis.hmget(HASH, ...ids),
          this.redis.hmget(TITLES, ...ids),
        ]);
        values.forEach((value, i) => {
          const seen = value ? parseSeen(value, titles[i] ?? '') : null;
          if (!seen) return;
          this.written.set(seen.id, sha1(value! + (titles[i] ?? '')));
          accept(seen);
          count += 1;
        });
        if (ids.length < RELOAD_CHUNK) break;
      }
    } catch (error) {
      this.warn(error);
    }
    return count;
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** A stored record, or null when it is not one (another app's data, an older shape). */
function parseSeen(json: string, titlesJson: string): SeenAnime | null {
  try {
    const value = JSON.parse(json) as Partial<SeenAnime>;
    const otherTitles: unknown = titlesJson ? JSON.parse(titlesJson) : [];
    if (!Number.isSafeInteger(value.id) || !Array.isArray(value.genres) || !Array.isArray(otherTitles))
      return null;
    return {
      ...value,
      otherTitles: otherTitles.filter((t): t is string => typeof t === 'string'),
    } as SeenAnime;
  } catch {
    return null;
  }
}
