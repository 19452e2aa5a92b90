import { EyeOff } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';

/** Why a listing left records out: their age rating cannot be checked now, or they are adult. */
export type LeftOutReason = 'withheld' | 'hidden';

const WORDING = {
  withheld: {
    namespace: 'OfflineBadge',
    keys: ['withheld', 'withheldHint', 'withheldSignIn'],
    testId: 'withheld-notice',
    tone: 'border-warning/60',
    icon: 'text-warning',
  },
  hidden: {
    namespace: 'Browse',
    keys: ['hiddenAdult', 'hiddenAdultHint', 'hiddenAdultSignIn'],
    testId: 'hidden-adult-notice',
    tone: 'border-border',
    icon: 'text-muted',
  },
} as const;

/**
 * A listing says how many records it left out for this visitor rather than leaving a silent gap
 * (SPEC §6), with a plain-HTML link to sign in (the account tab of Settings):
 * - 'withheld': 'N resultados ocultos enquanto o serviço de animes está fora do ar', an offline
 *   listing whose records' age rating cannot be checked (the adult gate fails closed);
 * - 'hidden': 'N títulos adultos ocultos nesta página', a live listing's adult records.
 * A verified adult's listing is swapped for the full one on the client, so the notice hides then
 * (WithheldNotice, HiddenAdultNotice).
 */
export function WithheldNoticeView({
  count,
  reason = 'withheld',
  className,
}: {
  count: number;
  reason?: LeftOutReason;
  className?: string;
}) {
  const wording = WORDING[reason];
  const t = useTranslations(wording.namespace);
  const locale = useLocale();
  if (count <= 0) return null;
  const [line, hint, signIn] = wording.keys;
  return (
    <p
      role="status"
      data-testid={wording.testId}
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border bg-surface-2 px-3 py-2 text-sm text-fg',
        wording.tone,
        className,
      )}
    >
      <Glyph icon={EyeOff} aria-hidden className={cn('size-4 shrink-0', wording.icon)} />
      <span className="font-medium">{t(line, countValues(count, locale))}</span>
      <span className="text-muted">{t(hint)}</span>
      <Link
        href={`${routes.settings}?tab=account`}
        className="inline-flex min-h-9 items-center font-medium text-accent-text underline underline-offset-2"
      >
        {t(signIn)}
      </Link>
    </p>
  );
}
