import { getTranslations } from 'next-intl/server';
import { ListingMessage } from '@/components/anime/listing-states';
import { ScheduleWeek } from '@/components/schedule/schedule-week';
import { onDemandStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { loadScheduleWeek } from '@/lib/schedule/load-week';
import { ContentAfterHeader } from '@/components/layout/content-after-header';

/**
 * /schedule: this week's airing anime by weekday. The HTML is the anonymous view, cached
 * and regenerated in the background; each visitor's browser moves the entries to its own zone.
 */
type Params = Promise<LocaleParams>;

/** The week changes when a season starts or a show ends, not by the minute. */
export const revalidate = 21_600;
export const generateStaticParams = onDemandStaticParams;

export async function generateMetadata({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Schedule' });
  return { title: t('title'), description: t('subtitle') };
}

export default async function SchedulePage({ params }: { params: Params }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Schedule' });
  const week = await loadScheduleWeek();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('subtitle')}</p>
      {week.status === 'failed' ? (
        <ListingMessage tone="error" title={t('error')} />
      ) : (
        <ContentAfterHeader>
          <ScheduleWeek entries={week.entries} partial={week.partial} />
        </ContentAfterHeader>
      )}
    </div>
  );
}
