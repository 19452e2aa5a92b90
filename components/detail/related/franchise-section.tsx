'use client';

import { useTranslations } from 'next-intl';
import { RelatedRow } from './related-card';
import { myAnimeListUrl, NotLoadedYet } from './not-loaded-link';
import { UnavailableLine } from './unavailable-line';
import { useRelatedData, useRetryRelated } from './related-data';

/**
 * 'A franquia em ordem': every entry of the franchise learnt so far, in release order, the page's
 * own anime marked, each with the fan's state. Loaded after the page (RelatedDataProvider); a
 * franchise still being learnt says so, and grows at each visit.
 */
export function FranchiseSection({ animeId, locale }: { animeId: number; locale: string }) {
  const t = useTranslations('Related');
  const related = useRelatedData();
  const retry = useRetryRelated();
  // A franchise of one (the anime alone, nothing left to learn) is no section.
  if (related.status === 'ready' && related.data.complete && related.data.entries.length <= 1) return null;

  return (
    <section
      aria-labelledby="franchise-title"
      aria-busy={related.status === 'loading'}
      className="space-y-3"
      data-testid="franchise"
    >
      <div>
        <h2 id="franchise-title" className="text-lg font-bold sm:text-xl">
          {t('franchiseTitle')}
        </h2>
        <p className="text-sm text-muted">{t('franchiseHint')}</p>
      </div>
      {related.status === 'loading' && (
        <NotLoadedYet href={myAnimeListUrl(animeId)} link={t('franchiseLink')}>
          <p className="text-sm text-muted">{t('loading')}</p>
        </NotLoadedYet>
      )}
      {(related.status === 'failed' || (related.status === 'ready' && related.data.unavailable)) && (
        <UnavailableLine message={t('franchiseUnavailable')} testId="franchise-unavailable" onRetry={retry} />
      )}
      {related.status === 'ready' && !related.data.unavailable && (
        <>
          {related.data.stale && (
            <p role="status" className="text-sm text-muted" data-testid="franchise-stored">
              {t('storedCopy')}
            </p>
          )}
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="franchise-list">
            {related.data.entries.map((card, index) => (
              <li key={card.id}>
                <RelatedRow
                  item={{ id: card.id, name: card.title ?? String(card.id), card }}
                  locale={locale}
                  current={card.id === animeId}
                  position={index + 1}
                />
              </li>
            ))}
          </ol>
          {!related.data.complete && (
            <p className="text-sm text-muted" data-testid="franchise-incomplete">
              {t('incomplete')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
