import { EyeOff } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';

/**
 * 'N resultados ocultos enquanto o serviço de animes está fora do ar': an offline listing left out
 * records whose age rating cannot be checked (the adult gate fails closed), and says so rather
 * than leaving a silent gap. The link to sign in is plain HTML (the account tab of Settings). A
 * verified adult's listing is swapped for the full one on the client, so the notice hides then.
 */
export function WithheldNoticeView({ count, className }: { count: number; className?: string }) {
  const t = useTranslations('OfflineBadge');
  const locale = useLocale();
  if (count <= 0) return null;
  return (
    <p
      role="status"
      data-testid="withheld-notice"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-warning/60 bg-surface-2 px-3 py-2 text-sm text-fg',
        className,
      )}
    >
      <Glyph icon={EyeOff} aria-hidden className="size-4 shrink-0 text-warning" />
      <span className="font-medium">{t('withheld', countValues(count, locale))}</span>
      <span className="text-muted">{t('withheldHint')}</span>
      <Link
        href={`${routes.settings}?tab=account`}
        className="inline-flex min-h-9 items-center font-medium text-accent-text underline underline-offset-2"
      >
        {t('withheldSignIn')}
      </Link>
    </p>
  );
}
