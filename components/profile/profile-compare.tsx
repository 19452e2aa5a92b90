'use client';

import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo } from 'react';
import { StarDisplay } from '@/components/ratings/star-display';
import { animeTitle } from '@/lib/anime-display';
import { countValues } from '@/lib/i18n/format-count';
import { bothRated } from '@/lib/profile/compare';
import { routes } from '@/lib/routes';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { useHydrated } from '@/lib/stores/use-hydrated';

/** Titles shown side by side (the count is of all). */
const SHOWN = 20;

/**
 * "Vocês dois avaliaram N animes": the profile's public ratings against the ones this browser
 * holds (a signed-in fan's synced ratings, or a visitor's local ones), computed here; nothing
 * about the visitor is sent anywhere. Nothing shows until the visitor has rated something both
 * rated.
 */
export function ProfileCompare({ theirs, name }: { theirs: [number, number][]; name: string }) {
  const t = useTranslations('ProfileCompare');
  const locale = useLocale();
  const hydrated = useHydrated();
  const ratings = useRatingsStore((state) => state.ratings);
  const entries = useRatingsStore((state) => state.entries);
  const both = useMemo(() => (hydrated ? bothRated(theirs, ratings) : []), [hydrated, theirs, ratings]);
  if (both.length === 0) return null;
  const stars = (rating: number) => t('stars', { rating });
  return (
    <section
      aria-labelledby="profile-compare"
      data-testid="profile-compare"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <h2 id="profile-compare" className="text-xl font-bold">
        {t('title', countValues(both.length, locale))}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1 font-normal">
              {t('anime')}
            </th>
            <th scope="col" className="py-1 font-normal">
              {t('you')}
            </th>
            <th scope="col" className="py-1 font-normal">
              {name}
            </th>
          </tr>
        </thead>
        <tbody>
          {both.slice(0, SHOWN).map((item) => {
            const snapshot = entries[item.id]?.snapshot;
            const title = (snapshot && animeTitle(snapshot, locale)) || t('untitled', { id: item.id });
            return (
              <tr key={item.id} data-testid="compare-row" className="border-t border-border">
                <th scope="row" className="py-2 pr-2 text-left font-medium">
                  <Link href={routes.anime(item.id)} className="hover:underline">
                    {title}
                  </Link>
                </th>
                <td className="py-2 pr-2">
                  <StarDisplay rating={item.mine} label={stars(item.mine)} />
                </td>
                <td className="py-2">
                  <StarDisplay rating={item.theirs} label={stars(item.theirs)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
