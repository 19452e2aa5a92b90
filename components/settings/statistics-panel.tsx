'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { htmlLang, isLocale } from '@/lib/i18n/config';
import { computeStatistics } from '@/lib/settings/statistics';
import { LIST_TYPES, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { SettingsCard } from './settings-card';

const LIST_LABELS = {
  PLAN_TO_WATCH: 'statsPlanToWatch',
  WATCHING: 'statsWatching',
  COMPLETED: 'statsCompleted',
  DROPPED: 'statsDropped',
  ON_HOLD: 'statsOnHold',
} as const satisfies Record<ListType, string>;

/**
 * Real statistics (instead of SPEC §2's fixed placeholders), computed from this
 * browser's ratings and lists: counts, average, score distribution and top genres. The charts are
 * plain bars with their figures written out, so screen readers read the same numbers.
 */
export function StatisticsPanel() {
  const t = useTranslations('Settings');
  const locale = useLocale();
  const hydrated = useStoresHydrated();
  const ratings = useRatingsStore((state) => state.ratings);
  const ratingEntries = useRatingsStore((state) => state.entries);
  const lists = useListsStore((state) => state.lists);
  const listEntries = useListsStore((state) => state.entries);
  const stats = useMemo(
    () => computeStatistics({ ratings, ratingEntries, lists, listEntries }),
    [ratings, ratingEntries, lists, listEntries],
  );
  const number = new Intl.NumberFormat(isLocale(locale) ? htmlLang[locale] : 'pt-BR', { maximumFractionDigits: 1 });

  if (!hydrated) {
    return (
      <SettingsCard title={t('statistics')}>
        <div aria-hidden className="skeleton h-48 w-full rounded-md" />
      </SettingsCard>
    );
  }

  const maxScoreCount = Math.max(1, ...stats.distribution);
  const maxGenreCount = Math.max(1, ...stats.topGenres.map((genre) => genre.count));

  return (
    <SettingsCard title={t('statistics')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="stats-summary">
        <Figure label={t('statsRated')} value={number.format(stats.rated)} />
        <Figure
          label={t('statsAverage')}
          value={stats.average === null ? '—' : t('statsAverageValue', { value: number.format(stats.average) })}
        />
        <Figure label={t('statsInLists')} value={number.format(stats.inLists)} />
        {LIST_TYPES.map((type) => (
          <Figure key={type} label={t(LIST_LABELS[type])} value={number.format(stats.listCounts[type] ?? 0)} />
        ))}
      </dl>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <figure>
          <figcaption className="mb-3 font-medium">{t('statsDistribution')}</figcaption>
          <ol className="flex flex-col gap-2" data-testid="stats-distribution">
            {[5, 4, 3, 2, 1].map((stars) => {
              const count = stats.distribution[stars - 1] ?? 0;
              return (
                <li key={stars} className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-2 text-sm">
                  <span>{t('statsStars', { count: stars })}</span>
                  <span className="h-3 overflow-hidden rounded-full bg-surface-2" aria-hidden>
                    <span
                      className="block h-full rounded-full bg-star"
                      style={{ width: `${(count / maxScoreCount) * 100}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums" data-testid={`stats-stars-${stars}`}>
                    {count}
                  </span>
                </li>
              );
            })}
          </ol>
        </figure>
        <figure>
          <figcaption className="mb-3 font-medium">{t('statsTopGenres')}</figcaption>
          {stats.topGenres.length === 0 ? (
            <p className="text-sm text-muted">{t('statsNoGenres')}</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="stats-genres">
              {stats.topGenres.map((genre) => (
                <li key={genre.name} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-2 text-sm">
                  <span className="truncate" title={genre.name}>
                    {genre.name}
                  </span>
                  <span className="h-3 overflow-hidden rounded-full bg-surface-2" aria-hidden>
                    <span
                      className="block h-full rounded-full bg-accent"
                      style={{ width: `${(genre.count / maxGenreCount) * 100}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums">{genre.count}</span>
                </li>
              ))}
            </ol>
          )}
        </figure>
      </div>
    </SettingsCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-surface-2 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
