'use client';

import type { IconNode } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/**
 * The detail page's error states (SPEC §2/§8): an icon, a heading, a line of text and the way on,
 * search and explore. `retry` comes first when the state can be asked again; search is the primary
 * action only when there is none. `alert` announces the state as it appears.
 */
export function DetailErrorState({
  icon,
  iconClassName,
  title,
  text,
  retry,
  alert = false,
}: {
  icon: IconNode;
  iconClassName: string;
  title: string;
  text: string;
  retry?: ReactNode;
  alert?: boolean;
}) {
  const t = useTranslations('DetailError');
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <Glyph icon={icon} aria-hidden className={iconClassName} />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {retry}
        <Link href={routes.search} className={buttonClass(retry ? 'secondary' : 'primary')}>
          {t('search')}
        </Link>
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {t('explore')}
        </Link>
      </div>
    </div>
  );
}
