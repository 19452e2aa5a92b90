// npm run bench:browse-cost — what browsing the catalogue costs Jikan: calls per 1,000 views of
// the season archive, /browse, pages past the first and people pages, with a realistic mix, at
// several rates of traffic. A model of the app's rules (no server): a page is rendered once per
// address and language while its render is fresh (revalidate: past seasons and people a day,
// /browse an hour, the current seasons and Explore 10 minutes), and a render calls Jikan only for
// data the cache does not hold fresh (one instance without Redis: 10 minutes for listings, 3 days
// for the genre list, people and seasons over for more than a year; with Redis, listings 30
// minutes). Junk parameters and spellings of one result set share one address (proxy.ts), so they
// are drawn as the same page; a visitor who asks for an adult genre costs no call.
//
//   npm run bench:browse-cost
//   BROWSE_RATES=1,10,100 BROWSE_VIEWS=20000 npm run bench:browse-cost
import { random, zipf } from './random.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const rates = (process.env.BROWSE_RATES ?? '1,10,100').split(',').map(Number);
const views = Number(process.env.BROWSE_VIEWS ?? 20_000);

const PAGE_LIFE = {
  currentSeason: 10 * MINUTE,
  pastSeason: DAY,
  browse: HOUR,
  explore: 10 * MINUTE,
  person: DAY,
};

function simulate(ratePerMinute, cache) {
  const rand = random(45);
  const dataLife = {
    listing: cache === 'redis' ? 30 * MINUTE : 10 * MINUTE,
    long: 3 * DAY,
  };
  // Season archive: the current season, the one before, then the past by Zipf over 400 seasons.
  const pastSeason = zipf(400, 1.1, rand);
  // Browse: 76 genres × 4 sorts × a few formats and statuses ≈ 6,000 result sets people share.
  const browseSet = zipf(6000, 1.05, rand);
  const person = zipf(20_000, 1.0, rand);
  const pageOf = () => (rand() < 0.7 ? 1 : rand() < 0.6 ? 2 : 3 + Math.floor(rand() * 4));
  const renders = new Map();
  const data = new Map();
  let calls = 0;
  let adultGenre = 0;
  const perMinute = new Map();

  const fetchData = (key, life, now) => {
    const until = data.get(key);
    if (until !== undefined && until > now) return;
    data.set(key, now + life);
    calls += 1;
    const minute = Math.floor(now / MINUTE);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  };

  for (let i = 0; i < views; i += 1) {
    const now = (i / ratePerMinute) * MINUTE;
    const locale = rand() < 0.7 ? 'pt' : 'en';
    const kind = rand();
    let address;
    let pageLife;
    let keys;
    if (kind < 0.35) {
      const page = pageOf();
      const draw = rand();
      const season = draw < 0.55 ? 0 : draw < 0.7 ? 1 : 2 + pastSeason();
      address = `season:${season}:${page}`;
      const past = season >= 2;
      pageLife = past ? PAGE_LIFE.pastSeason : PAGE_LIFE.currentSeason;
      keys = [[`season:${season}:${page}`, season >= 6 ? dataLife.long : dataLife.listing]];
    } else if (kind < 0.7) {
      const set = browseSet();
      const page = pageOf();
      address = `browse:${set}:${page}`;
      pageLife = PAGE_LIFE.browse;
      // About 2 % of result sets name an adult genre: explained empty state, no listing call.
      const adult = set % 50 === 7;
      if (adult) adultGenre += 1;
      keys = [['genres', dataLife.long], ...(adult ? [] : [[`browse:${set}:${page}`, dataLife.listing]])];
    } else if (kind < 0.85) {
      const tab = Math.floor(rand() * 3);
      const page = 2 + Math.floor(rand() * rand() * 8);
      address = `explore:${tab}:${page}`;
      pageLife = PAGE_LIFE.explore;
      keys = [[`explore:${tab}:${page}`, dataLife.listing]];
    } else {
      const id = person();
      address = `person:${id}`;
      pageLife = PAGE_LIFE.person;
      keys = [[`person:${id}`, dataLife.long]];
    }
    const renderKey = `${locale}:${address}`;
    const fresh = renders.get(renderKey);
    if (fresh !== undefined && fresh > now) continue;
    renders.set(renderKey, now + pageLife);
    for (const [key, life] of keys) fetchData(key, life, now);
  }
  const worstMinute = Math.max(0, ...perMinute.values());
  // The second half of the run: caches warm.
  const minutes = Math.ceil(views / ratePerMinute);
  let warmCalls = 0;
  for (const [minute, count] of perMinute) if (minute >= minutes / 2) warmCalls += count;
  const warmPerMinute = warmCalls / Math.max(1, minutes - Math.ceil(minutes / 2));
  return { calls, per1000: (calls / views) * 1000, worstMinute, warmPerMinute, adultGenre };
}

console.log(
  `browse-cost: ${views.toLocaleString('en')} views per run (35 % season archive, 35 % /browse, 15 % Explore past page 1, 15 % people)`,
);
console.log('cache     views/min   calls per 1,000 views   warm calls/min   worst minute (calls)');
for (const cache of ['process', 'redis']) {
  for (const rate of rates) {
    const result = simulate(rate, cache);
    console.log(
      `${cache.padEnd(9)} ${String(rate).padStart(9)}   ${result.per1000.toFixed(0).padStart(21)}   ${result.warmPerMinute.toFixed(1).padStart(14)}   ${String(result.worstMinute).padStart(20)}`,
    );
  }
}
