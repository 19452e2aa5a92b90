'use client';

import { EyeOff } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';
import { cn } from '@/lib/utils/cn';

/**
 * 'N títulos adultos ocultos nesta página': a live listing left adult records out for a visitor
 * (SPEC §6), and says how many rather than leaving a silent gap. Hidden once sign-in resolves as a
 * verified adult (their listing is swapped for the full one).
 */
export function HiddenAdultNotice({ count, className }: { count: number; className?: string }) {
  const t = useTranslations('Browse');
  const locale = useLocale();
  const adult = useAuthStore(selectCanAccessAdult);
  if (adult || count <= 0) return null;
  return (
    <p
      role="status"
      data-testid="hidden-adult-notice"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-fg',
        className,
      )}
    >
      <Glyph icon={EyeOff} aria-hidden className="size-4 shrink-0 text-muted" />
      <span className="font-medium">{t('hiddenAdult', countValues(count, locale))}</span>
      <span className="text-muted">{t('hiddenAdultHint')}</span>
      <Link
        href={`${routes.settings}?tab=account`}
        className="inline-flex min-h-9 items-center font-medium text-accent-text underline underline-offset-2"
      >
        {t('hiddenAdultSignIn')}
      </Link>
    </p>
  );
}
