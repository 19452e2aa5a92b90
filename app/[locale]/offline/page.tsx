import { WifiOff } from 'lucide';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { listMenuItems, routes } from '@/lib/routes';

/**
 * What the service worker (lib/pwa/worker.ts) shows for a page it never saved, opened without a
 * network: the way to what works offline, the visitor's lists and ratings. A static page per
 * language, saved by the worker together with the lists.
 */
export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'OfflinePage' });
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'OfflinePage' });
  const tl = await getTranslations({ locale, namespace: 'Lists' });
  const th = await getTranslations({ locale, namespace: 'Header' });
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Glyph icon={WifiOff} aria-hidden className="size-14 text-muted" />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('text')}</p>
      <nav aria-label={th('myLists')} className="w-full">
        <ul className="flex flex-col gap-2">
          {listMenuItems.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className={buttonClass('secondary', 'md', 'w-full justify-center')}>
                {tl(item.key)}
              </Link>
            </li>
          ))}
          <li>
            <Link href={routes.myRatings} className={buttonClass('secondary', 'md', 'w-full justify-center')}>
              {t('myRatings')}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
