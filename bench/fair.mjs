// npm run bench:fair — the budgets under real traffic, with their default sizes and the default
// limiter pace (JIKAN_MIN_INTERVAL_MS 1200), on the production build against the fake upstream.
// Clients are named by one trusted proxy (TRUSTED_PROXY_HOPS=1), as behind the shipped nginx, so
// "one address" is one X-Forwarded-For value.
//
// 1. A viral burst: FANS requests at once, from one address (a carrier's NAT), for one anime
//    nobody has opened: its API answer, then its page. How many are served, and the calls made.
// 2. One fan searching, one new search after another, for a minute: how many are served before
//    the first 429, and in the minute.
// 3. An attacker: ATTACK page requests for made-up ids, then a crawl of every real anime page at
//    once; after each, other visitors open real anime nobody has opened. How many of theirs are
//    refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { allAnime } from '../e2e/fake-upstream/fixtures.mjs';
import { startStack } from './harness.mjs';

const FANS = Number(process.env.BENCH_FANS ?? 300);
const ATTACK = Number(process.env.BENCH_ATTACK ?? 300);

const stack = await startStack({
  env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fair-')), TRUSTED_PROXY_HOPS: '1' },
});
const fake = fakeControl(stack.fakeUrl);
const from = (address) => ({ headers: { 'X-Forwarded-For': address }, redirect: 'manual' });
const statuses = (answers) =>
  answers.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

// Real anime of the fake, apart from adult records (their pages are gated, not refused).
const real = allAnime.filter((anime) => anime.mal_id < 90_000).map((anime) => anime.mal_id);
const take = (count) => real.splice(0, count);

try {
  // 1. Viral burst.
  const [apiId, pageId] = take(2);
  let before = (await fake.calls({ service: 'jikan' })).length;
  const api = await Promise.all(
    Array.from({ length: FANS }, () =>
      fetch(`${stack.appUrl}/api/anime/${apiId}`, from('198.18.0.1')).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      }),
    ),
  );
  const apiCalls = (await fake.calls({ service: 'jikan' })).length - before;
  before = (await fake.calls({ service: 'jikan' })).length;
  const pages = await Promise.all(
    Array.from({ length: FANS }, () =>
      fetch(`${stack.appUrl}/anime/${pageId}`, from('198.18.0.1')).then(async (answer) => {
        await answer.arrayBuffer();
        return answer.status;
      }),
    ),
  );
  const pageCalls = (await fake.calls({ service: 'jikan' })).length - before;
  console.log(`viral burst, ${FANS} fans behind one address:`);
  console.log(`  /api/anime/${apiId}: ${JSON.stringify(statuses(api))}, ${apiCalls} upstream call(s)`);
  console.log(`  /anime/${pageId}: ${JSON.stringify(statuses(pages))}, ${pageCalls} upstream call(s)`);

  // 2. One fan searching for a minute.
  const started = Date.now();
  let served = 0;
  let beforeFirst429 = null;
  let refused = 0;
  for (let i = 0; Date.now() - started < 60_000; i += 1) {
    const answer = await fetch(`${stack.appUrl}/api/anime/search?q=fair-${started}-${i}`, from('198.18.0.2'));
    await answer.arrayBuffer();
    if (answer.status === 200) served += 1;
    else {
      refused += 1;
      beforeFirst429 ??= served;
      const wait = Number(answer.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
  console.log('one fan searching for a minute, one new search after another:');
  console.log(
    `  served ${served}, refused ${refused}; first 429 after ${beforeFirst429 ?? `none (all ${served})`}`,
  );

  // 3. An attacker.
  const made = [];
  for (let i = 0; i < ATTACK; i += 1) {
    const answer = await fetch(`${stack.appUrl}/anime/${700_000 + i}`, from('198.18.0.66'));
    await answer.arrayBuffer();
    made.push(answer.status);
  }
  const afterMadeUp = [];
  for (const [index, id] of take(10).entries()) {
    const answer = await fetch(`${stack.appUrl}/anime/${id}`, from(`198.18.1.${index}`));
    await answer.arrayBuffer();
    afterMadeUp.push(answer.status);
  }
  const crawl = await Promise.all(
    take(Math.max(0, real.length - 10)).map(async (id) => {
      const answer = await fetch(`${stack.appUrl}/anime/${id}`, from('198.18.0.66'));
      await answer.arrayBuffer();
      return answer.status;
    }),
  );
  const afterCrawl = [];
  for (const [index, id] of take(10).entries()) {
    const answer = await fetch(`${stack.appUrl}/anime/${id}`, from(`198.18.2.${index}`));
    const html = await answer.text();
    afterCrawl.push(`${answer.status}${html.includes('data-testid="synopsis"') ? '' : ' (catalogue)'}`);
  }
  console.log(`an attacker, ${ATTACK} made-up ids: ${JSON.stringify(statuses(made))}`);
  console.log(`  then 10 real anime nobody opened, from others: ${JSON.stringify(statuses(afterMadeUp))}`);
  console.log(`  then a crawl of ${crawl.length} real anime at once: ${JSON.stringify(statuses(crawl))}`);
  console.log(`  then 10 more real anime from others: ${JSON.stringify(statuses(afterCrawl))}`);
} finally {
  await stack.stop();
}
