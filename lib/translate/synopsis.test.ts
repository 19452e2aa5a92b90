import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSynopsisPt } from './synopsis';
import { freshProcess } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: URL[] = [];
let translator: (text: string) => Response;

function record(id: number) {
  const base = {
    mal_id: id,
    title: `Anime ${id}`,
    rating: 'PG-13 - Teens 13 or older',
    genres: [] as { name: string }[],
  };
  if (id === 2) return { ...base, synopsis: 'Hello there. [Written by MAL Rewrite]' };
  if (id === 3) return { ...base, synopsis: 'Spicy.', rating: 'R+ - Mild Nudity' };
  if (id === 4) return { ...base, synopsis: null };
  return base;
}

beforeEach(() => {
  process.env.JIKAN_BASE_URL = 'http://jikan.test/v4';
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.TRANSLATE_BASE_URL = 'http://translate.test';
  freshDataLayer();
  freshProcess('translate', 'synopsis');
  calls = [];
  translator = (text) => json([[[`Olá. `, text, null, null, 1]], null, 'en']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input));
      calls.push(url);
      if (url.hostname === 'translate.test') return translator(url.searchParams.get('q') ?? '');
      const id = Number(url.pathname.split('/')[3]);
      return id === 404 ? json({ status: 404 }, 404) : json({ data: record(id) });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['JIKAN_BASE_URL', 'JIKAN_MIN_INTERVAL_MS', 'TRANSLATE_BASE_URL'])
    delete process.env[name];
});

const translatorCalls = () => calls.filter((url) => url.hostname === 'translate.test');

describe('getSynopsisPt', () => {
  it("translates the server's own cleaned synopsis of the id, without the credit, once", async () => {
    expect(await getSynopsisPt(2)).toEqual(['Olá.']);
    expect(translatorCalls()).toHaveLength(1);
    expect(translatorCalls()[0]!.searchParams.get('q')).toBe('Hello there.');
    expect(await getSynopsisPt(2)).toEqual(['Olá.']);
    expect(translatorCalls()).toHaveLength(1);
  });

  it('answers null (the page shows the original) when the translator fails, and waits before asking again', async () => {
    translator = () => new Response('', { status: 500 });
    expect(await getSynopsisPt(2)).toBeNull();
    expect(await getSynopsisPt(2)).toBeNull();
    expect(translatorCalls()).toHaveLength(1);
  });

  it('never translates an adult record, an empty synopsis or an unknown id', async () => {
    expect(await getSynopsisPt(3)).toBeNull();
    expect(await getSynopsisPt(4)).toBeNull();
    expect(await getSynopsisPt(404)).toBeNull();
    expect(translatorCalls()).toHaveLength(0);
  });
});
