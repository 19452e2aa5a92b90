'use client';

import { Link as LinkIcon, SearchX } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/**
 * SPEC §2/§8 'Anime não encontrado', with the way on: search and explore. A client component:
 * not-found.tsx gets no params, so it reads the language the layout already provides. `review`:
 * the same for a shared review link that is broken.
 */
export function DetailNotFound({ review = false }: { review?: boolean }) {
  const t = useTranslations('DetailError');
  const Icon = review ? LinkIcon : SearchX;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Glyph icon={Icon} aria-hidden className="size-14 text-muted" />
      <h1 className="text-2xl font-bold">{t(review ? 'reviewNotFoundTitle' : 'notFoundTitle')}</h1>
      <p className="text-muted">{t(review ? 'reviewNotFoundText' : 'notFoundText')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href={routes.search} className={buttonClass('primary')}>
          {t('search')}
        </Link>
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {t('explore')}
        </Link>
      </div>
    </div>
  );
}
