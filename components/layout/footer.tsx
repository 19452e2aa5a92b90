import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { routes } from '@/lib/routes';

export async function Footer() {
  const t = await getTranslations('Footer');
  const th = await getTranslations('Header');
  const tr = await getTranslations('MyRatings');
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <p className="font-semibold text-fg">{th('brand')}</p>
          <p>{t('tagline')}</p>
          <p>{t('dataCredit')}</p>
          <p>
            {t.rich('catalogueCredit', {
              link: (chunks) => (
                <a
                  href="https://github.com/bangumi-data/bangumi-data"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline hover:text-fg"
                >
                  {chunks}
                </a>
              ),
            })}
          </p>
        </div>
        <nav aria-label={t('nav')} className="flex flex-wrap gap-4">
          <Link href={routes.explore} className="hover:text-fg">
            {th('explore')}
          </Link>
          {/* Not prefetched: every page shows the footer, and these pages are listings that would
              be rendered (and cost Jikan calls) for visitors who never open them. */}
          <Link href={routes.browse} prefetch={false} className="hover:text-fg">
            {th('browse')}
          </Link>
          <Link href={routes.season} prefetch={false} className="hover:text-fg">
            {th('seasons')}
          </Link>
          {/* Their content lives in the browser: the frame is fetched on the tap. */}
          <Link href={routes.myRatings} prefetch={false} className="hover:text-fg">
            {tr('title')}
          </Link>
          <Link href={routes.settings} prefetch={false} className="hover:text-fg">
            {th('settings')}
          </Link>
        </nav>
        <p>{t('rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
