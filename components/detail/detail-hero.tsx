import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { AnimeCover } from '@/components/anime/anime-cover';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { NextEpisodeCountdown } from '@/components/schedule/next-episode-countdown';
import { DetailBanner } from './detail-banner';
import { StaleMark } from './stale-mark';
import { isLatinTitle } from '@/lib/catalogue/latin';
import { searchHref } from '@/lib/discovery/params';
import { translateLabel } from '@/lib/labels';
import type { Locale } from '@/lib/i18n/config';
import type { AnimeDetails } from '@/lib/jikan/types';
import { getMessages } from 'next-intl/server';

/** The time of this render: a stale record's age is measured from it. */
function renderedAt(): number {
  return Date.now();
}

/** Cover width on phones / from sm: fixed so the 2:3 box never shifts (DESIGN.md). */
const COVER_SIZES = '(min-width: 640px) 224px, 144px';

/**
 * Banner (when the record has one), cover with its placeholder, title per language (SPEC §2),
 * Japanese title and the four facts, each 'N/A' when missing. A gated record shows no cover.
 */
export async function DetailHero({
  anime,
  title,
  gated,
  locale,
}: {
  anime: AnimeDetails;
  title: string;
  gated: boolean;
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: 'Detail' });
  const tCommon = await getTranslations({ locale, namespace: 'Common' });
  const labels = (await getMessages({ locale })).Labels;
  const na = tCommon('notAvailable');
  const facts = [
    { label: t('status'), value: translateLabel(labels.status, anime.status), testId: 'fact-status' },
    {
      label: t('episodes'),
      value: anime.episodes === null ? null : new Intl.NumberFormat(locale).format(anime.episodes),
      testId: 'fact-episodes',
    },
    { label: t('ageRating'), value: translateLabel(labels.rating, anime.rating), testId: 'fact-rating' },
    {
      label: t('popularity'),
      value: anime.popularity === null ? null : t('popularityValue', { rank: anime.popularity }),
      testId: 'fact-popularity',
    },
  ];

  return (
    <header className="relative">
      {anime.banner && (
        <div className="relative h-36 w-full overflow-hidden sm:h-56" data-testid="detail-banner">
          <DetailBanner src={anime.banner} alt={t('banner', { title })} />
          <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-bg to-transparent" />
        </div>
      )}
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:flex-row sm:gap-8 sm:px-6">
        {!gated && (
          <div className="relative aspect-[2/3] w-36 shrink-0 overflow-hidden rounded-md border border-border bg-surface-2 shadow-md sm:w-56">
            <AnimeCover src={anime.images.cover} sizes={COVER_SIZES} eager />
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl" data-testid="detail-title">
            {title}
          </h1>
          {anime.offline && <OfflineBadge className="self-start" />}
          {anime.stale && (
            <StaleMark
              fetchedAt={anime.stale.fetchedAt}
              now={renderedAt()}
              locale={locale}
              className="self-start"
            />
          )}
          {anime.offline && !isLatinTitle(title) && (
            <p className="text-sm text-muted" data-testid="japanese-only-title">
              {t('japaneseOnlyTitle')}{' '}
              <Link href={searchHref({ q: title })} className="font-medium text-accent-text underline">
                {t('searchJapaneseTitle', { title })}
              </Link>
            </p>
          )}
          <p className="text-muted" data-testid="detail-japanese-title">
            <span className="sr-only">{t('japaneseTitle')}: </span>
            <span lang={anime.titleJapanese ? 'ja' : undefined}>{anime.titleJapanese ?? na}</span>
          </p>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
            {facts.map((fact) => (
              <div key={fact.testId} className="flex min-w-0 flex-col" data-testid={fact.testId}>
                <dt className="text-xs font-medium tracking-wide text-muted uppercase">{fact.label}</dt>
                <dd className="font-semibold [overflow-wrap:anywhere]">{fact.value ?? na}</dd>
              </div>
            ))}
          </dl>
          {!gated && (
            <NextEpisodeCountdown
              broadcast={anime.broadcast}
              episodes={anime.episodes}
              className="font-medium text-accent-text"
            />
          )}
        </div>
      </div>
    </header>
  );
}
