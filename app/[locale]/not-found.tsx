import { SearchX } from 'lucide';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Glyph icon={SearchX} aria-hidden className="size-14 text-muted" />
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('text')}</p>
      <Link href={routes.home} className={buttonClass('primary')}>
        {t('home')}
      </Link>
    </div>
  );
}
