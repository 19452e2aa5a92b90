'use client';

import { CheckCircle2, Loader2, XCircle } from 'lucide';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button } from '@/components/ui/button';
import { apiGet, ApiError } from '@/lib/api-client';
import type { Anime, AnimeDetails, AnimePage, Episode } from '@/lib/jikan/types';
import { logger } from '@/lib/logger';

/**
 * The developer API test page (SPEC §2 Test page). It calls only this app's own API, so it spends
 * the same per-visitor budgets as any page and is harmless in production. Each test shows its
 * outcome, a one-line summary, the time it took and the raw answer.
 */

type Outcome = {
  ok: boolean;
  summary: string;
  ms: number;
  /** The answers, for the raw view. */
  body: unknown;
};

type TestId = 'details1' | 'details5' | 'detailsInvalid' | 'streamNaruto' | 'streamOnePiece' | 'mapping';

/** SPEC §2: ids 1 and 5, and an invalid one (0: ids must be above 0, SPEC §5). */
const INVALID_ID = 0;
const MAPPING_TITLES = ['Cowboy Bebop', 'Naruto', 'One Piece'];
/** Legacy client-side cache keys of SPEC §3; this app caches on the server instead. */
const LOCAL_CACHE_KEYS = ['jikan_cache_data', 'jikan_cache_times'];
const RAW_LIMIT = 4000;

function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status || '—'} ${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Title → id the way SPEC §7 maps it: search by title, take the first result's id. */
async function mapTitle(title: string): Promise<Anime | null> {
  const page = await apiGet<AnimePage>('/api/anime/search', { q: title });
  return page.data[0] ?? null;
}

export function ApiTestPanel() {
  const t = useTranslations('TestPage');
  const [results, setResults] = useState<Partial<Record<TestId, Outcome>>>({});
  const [running, setRunning] = useState<Set<TestId>>(new Set());
  const [cacheMessage, setCacheMessage] = useState<string | null>(null);

  const details = (id: number) => async (): Promise<Omit<Outcome, 'ms'>> => {
    const body = await apiGet<{ data: AnimeDetails }>(`/api/anime/${id}`);
    return {
      ok: true,
      summary: t('detailsSummary', { id: body.data.id, title: body.data.title ?? '—' }),
      body,
    };
  };

  const streaming = (title: string) => async (): Promise<Omit<Outcome, 'ms'>> => {
    const anime = await mapTitle(title);
    if (!anime) return { ok: false, summary: t('notMapped', { title }), body: null };
    // `title` too, for servers from before the episodes route took an id.
    const body = await apiGet<{ data: Episode[] | null }>('/api/streaming/episodes', {
      id: anime.id,
      title: anime.title,
    });
    const count = body.data?.length ?? 0;
    return {
      ok: body.data !== null,
      summary:
        body.data === null
          ? t('noEpisodes', { title, id: anime.id })
          : t('episodesSummary', { title, id: anime.id, count }),
      body: { mapped: { id: anime.id, title: anime.title }, episodes: body },
    };
  };

  const mapping = async (): Promise<Omit<Outcome, 'ms'>> => {
    const mapped = await Promise.all(
      MAPPING_TITLES.map(async (title) => ({ title, id: (await mapTitle(title))?.id ?? null })),
    );
    return {
      ok: mapped.every((entry) => entry.id !== null),
      summary: mapped.map((entry) => `${entry.title} → ${entry.id ?? '—'}`).join(' · '),
      body: mapped,
    };
  };

  const tests: {
    id: TestId;
    label: string;
    run: () => Promise<Omit<Outcome, 'ms'>>;
    expectError?: boolean;
  }[] = [
    { id: 'details1', label: t('details', { id: 1 }), run: details(1) },
    { id: 'details5', label: t('details', { id: 5 }), run: details(5) },
    {
      id: 'detailsInvalid',
      label: t('detailsInvalid', { id: INVALID_ID }),
      run: details(INVALID_ID),
      expectError: true,
    },
    { id: 'streamNaruto', label: t('streaming', { title: 'Naruto' }), run: streaming('Naruto') },
    { id: 'streamOnePiece', label: t('streaming', { title: 'One Piece' }), run: streaming('One Piece') },
    { id: 'mapping', label: t('mapping'), run: mapping },
  ];

  const run = async (test: (typeof tests)[number]) => {
    setRunning((current) => new Set(current).add(test.id));
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = { ...(await test.run()), ms: 0 };
    } catch (error) {
      const summary = describeError(error);
      // The invalid id passes when the API refuses it clearly.
      outcome = {
        ok: !!test.expectError && error instanceof ApiError && error.code === 'INVALID_ID',
        summary,
        ms: 0,
        body: { error: summary },
      };
    }
    outcome.ms = Math.round(performance.now() - started);
    logger.info('API test', { test: test.id, ok: outcome.ok, ms: outcome.ms }, 'test-page');
    setResults((current) => ({ ...current, [test.id]: outcome }));
    setRunning((current) => {
      const next = new Set(current);
      next.delete(test.id);
      return next;
    });
  };

  const runAll = async () => {
    for (const test of tests) await run(test);
  };

  const clearCache = () => {
    let removed = 0;
    try {
      for (const key of LOCAL_CACHE_KEYS) {
        if (localStorage.getItem(key) !== null) removed += 1;
        localStorage.removeItem(key);
      }
    } catch {
      // Storage blocked: nothing cached locally either.
    }
    setResults({});
    setCacheMessage(t('cacheCleared', { count: removed }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void runAll()} disabled={running.size > 0}>
          {t('runAll')}
        </Button>
        <Button variant="secondary" onClick={clearCache}>
          {t('clearCache')}
        </Button>
        <Button variant="secondary" onClick={() => logger.downloadLogs()}>
          {t('exportLogs')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('cacheNote')}</p>
      {cacheMessage && (
        <p role="status" className="text-sm font-medium text-success">
          {cacheMessage}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {tests.map((test) => {
          const outcome = results[test.id];
          const busy = running.has(test.id);
          return (
            <li
              key={test.id}
              data-testid={`api-test-${test.id}`}
              className="rounded-md border border-border bg-surface p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Button
                  variant="secondary"
                  onClick={() => void run(test)}
                  disabled={busy}
                  aria-describedby={`api-test-${test.id}-result`}
                >
                  {busy && <Glyph icon={Loader2} aria-hidden className="size-4 animate-spin" />}
                  {test.label}
                </Button>
                {outcome && (
                  <span className="text-sm text-muted tabular-nums" data-testid="api-test-time">
                    {t('time', { ms: outcome.ms })}
                  </span>
                )}
              </div>
              <div id={`api-test-${test.id}-result`} aria-live="polite" className="mt-2 text-sm">
                {busy ? (
                  <span className="text-muted">{t('running')}</span>
                ) : outcome ? (
                  <>
                    <p className="flex items-start gap-2" data-testid="api-test-summary">
                      {outcome.ok ? (
                        <Glyph
                          icon={CheckCircle2}
                          aria-hidden
                          className="mt-0.5 size-4 shrink-0 text-success"
                        />
                      ) : (
                        <Glyph icon={XCircle} aria-hidden className="mt-0.5 size-4 shrink-0 text-error" />
                      )}
                      <span>
                        <span className="font-semibold">{outcome.ok ? t('passed') : t('failed')}:</span>{' '}
                        {outcome.summary}
                      </span>
                    </p>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-muted">{t('raw')}</summary>
                      <pre className="mt-2 max-h-64 overflow-auto rounded-sm bg-surface-2 p-2 text-xs break-all whitespace-pre-wrap">
                        {JSON.stringify(outcome.body, null, 2).slice(0, RAW_LIMIT)}
                      </pre>
                    </details>
                  </>
                ) : (
                  <span className="text-muted">{t('notRun')}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
