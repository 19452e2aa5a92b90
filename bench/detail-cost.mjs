// npm run bench:detail-cost — what detail views and 'Para você' visits cost the anime database,
// measured on the production build against the fake upstream (bench/harness.mjs).
//
// 1. A fan's first visits to 'Para você' on a fresh server: ten 5★ ratings (FAN_SEEDS), each visit
//    asks the ten seeds' recommendations as the browser does; visits until every list is complete
//    (nothing pending, partial or withheld), at most MAX_VISITS.
// 2. FOR_YOU_VISITS visits of fans with ten ratings each, drawn by popularity: calls per 1,000.
// 3. VIEWS detail views, one after another, each as a browser makes it: the page, then the
//    franchise, the cast and the similar anime asked after it (/api/anime/{id}/franchise, /cast,
//    /recommendations). Ids are drawn by a Zipf-like popularity
// (s = 1) over every anime of the fake upstream, shuffled by a fixed seed. Counts the fake's calls
// by kind, per 1,000 views, and the calls made during each first view of an anime (the bound the
// issue sets: /full, characters, staff and at most one franchise step).
//
//   BENCH_VIEWS=1000 BENCH_FOR_YOU_VISITS=1000 npm run bench:detail-cost
//
// The limiter's gap is 50 ms here (the default 1.2 s would make the run last minutes): the rules
// that decide whether a franchise step may call ("room" = a turn within one gap) are the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { allAnime } from '../e2e/fake-upstream/fixtures.mjs';
import { startStack } from './harness.mjs';
import { random, zipf } from './random.mjs';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 1000);
const FOR_YOU_VISITS = Number(process.env.BENCH_FOR_YOU_VISITS ?? 1000);
const MAX_VISITS = 20;
/** Evangelion, One Piece, Chainsaw Man, Jujutsu Kaisen, One Punch Man, Bleach, Kimetsu no Yaiba… */
const FAN_SEEDS = [30, 21, 44511, 40748, 30276, 269, 38000, 11061, 20, 1535];
const dataDir = mkdtempSync(path.join(tmpdir(), 'detail-cost-'));

const rand = random(35);
const ids = allAnime.map((anime) => anime.mal_id).filter((id) => id < 90_000 || id === 90107);
for (let i = ids.length - 1; i > 0; i -= 1) {
  const j = Math.floor(rand() * (i + 1));
  [ids[i], ids[j]] = [ids[j], ids[i]];
}
const rank = zipf(ids.length, 1, rand);

const stack = await startStack({
  env: { DATA_DIR: dataDir, CLIENT_MISS_PER_MINUTE: '0', JIKAN_MIN_INTERVAL_MS: '50' },
});
const fake = fakeControl(stack.fakeUrl);

function kind(callPath) {
  if (/\/full$/.test(callPath)) return 'full';
  if (/\/characters$/.test(callPath)) return 'characters';
  if (/\/staff$/.test(callPath)) return 'staff';
  if (/\/recommendations$/.test(callPath)) return 'recommendations';
  if (/^\/jikan\/v4\/anime\/\d+$/.test(callPath)) return 'basic';
  return 'other';
}

/** The answer of one seed is whole: nothing pending, partial, unavailable or withheld. */
const whole = (data) => !data.pending && !data.unavailable && !data.partial && data.withheld === 0;

/** One 'Para você' visit: the seeds' recommendations, two at a time as the page asks them. */
async function forYouVisit(seeds) {
  const answers = [];
  for (let i = 0; i < seeds.length; i += 2) {
    answers.push(
      ...(await Promise.all(
        seeds.slice(i, i + 2).map(async (id) => {
          const response = await fetch(`${stack.appUrl}/api/anime/${id}/recommendations`);
          return response.ok ? (await response.json()).data : { pending: true };
        }),
      )),
    );
  }
  return answers;
}

const jikanCalls = async () => (await fake.calls({ service: 'jikan' })).length;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  await fake.reset();
  // 1. A fan's first visits on a fresh server.
  let visits = 0;
  let complete = false;
  while (!complete && visits < MAX_VISITS) {
    visits += 1;
    complete = (await forYouVisit(FAN_SEEDS)).every(whole);
    // A person reads the page between visits; the server's background fetches end meanwhile.
    await pause(500);
  }
  const firstVisitCalls = await jikanCalls();
  console.log(
    `'Para você', a fan with 10 ratings on a fresh server: ${complete ? `complete at visit ${visits}` : `not complete after ${visits} visits`}, ${firstVisitCalls} Jikan calls`,
  );

  // 2. Visits of many fans, ten ratings each, drawn by popularity.
  const beforeVisits = await jikanCalls();
  for (let visit = 0; visit < FOR_YOU_VISITS; visit += 1) {
    const seeds = new Set();
    while (seeds.size < 10) seeds.add(ids[rank()]);
    await forYouVisit([...seeds]);
  }
  const visitCalls = (await jikanCalls()) - beforeVisits;
  console.log(
    `${FOR_YOU_VISITS} 'Para você' visits: ${visitCalls} Jikan calls, ${((visitCalls * 1000) / FOR_YOU_VISITS).toFixed(1)} per 1,000 visits`,
  );

  // 3. Detail views.
  const beforeViews = await jikanCalls();
  const seen = new Set();
  const firstViewCalls = [];
  for (let view = 0; view < VIEWS; view += 1) {
    const id = ids[rank()];
    const first = !seen.has(id);
    seen.add(id);
    const before = (await fake.calls({ service: 'jikan' })).length;
    const page = await fetch(`${stack.appUrl}/anime/${id}`);
    await page.arrayBuffer();
    await Promise.all(
      ['franchise', 'cast', 'recommendations'].map(async (part) =>
        (await fetch(`${stack.appUrl}/api/anime/${id}/${part}`)).arrayBuffer(),
      ),
    );
    if (first) {
      const during = (await fake.calls({ service: 'jikan' })).slice(before);
      firstViewCalls.push({ id, calls: during.map((call) => kind(call.path)) });
    }
  }
  const calls = (await fake.calls({ service: 'jikan' })).slice(beforeViews);
  const byKind = {};
  for (const call of calls) byKind[kind(call.path)] = (byKind[kind(call.path)] ?? 0) + 1;
  const per1000 = (count) => ((count * 1000) / VIEWS).toFixed(1);
  const worst = firstViewCalls.reduce((max, entry) => Math.max(max, entry.calls.length), 0);
  const fullsInFirst = firstViewCalls.map((entry) => entry.calls.filter((k) => k === 'full').length);
  console.log(`${VIEWS} detail views over ${ids.length} anime (${seen.size} distinct opened)`);
  console.log(`Jikan calls: ${calls.length} in all, ${per1000(calls.length)} per 1,000 views`);
  for (const [name, count] of Object.entries(byKind))
    console.log(`  ${name}: ${count} (${per1000(count)} per 1,000)`);
  console.log(
    `first view of an anime: at most ${worst} calls; /full calls in one first view: at most ${Math.max(...fullsInFirst)} (its own and one franchise step)`,
  );
  console.log(
    `mean calls per first view: ${(firstViewCalls.reduce((sum, entry) => sum + entry.calls.length, 0) / firstViewCalls.length).toFixed(2)}`,
  );
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
