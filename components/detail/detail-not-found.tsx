import { SearchX } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/** SPEC §2/§8 'Anime não encontrado', with the way on: search and explore. */
export async function DetailNotFound() {
  const t = await getTranslations('Detail');
  const tCommon = await getTranslations('Common');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <SearchX aria-hidden className="size-14 text-muted" />
      <h1 className="text-2xl font-bold">{t('notFoundTitle')}</h1>
      <p className="text-muted">{t('notFoundText')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href={routes.search} className={buttonClass('primary')}>
          {tCommon('goToSearch')}
        </Link>
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {tCommon('goToExplore')}
        </Link>
      </div>
    </div>
  );
}
