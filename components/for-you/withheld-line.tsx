'use client';

import { EyeOff } from 'lucide';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { routes } from '@/lib/routes';
import { selectCanAccessAdult, useAuthStore } from '@/lib/stores/auth-store';

/**
 * 'N títulos ocultos: ainda não sabemos a classificação etária': recommended anime the server has
 * no record of are withheld from visitors (the adult gate fails closed), and the page says so
 * rather than leaving a silent gap. A verified adult gets them all, so the line hides then.
 */
export function WithheldLine({ text, signIn, count }: { text: string; signIn: string; count: number }) {
  const adult = useAuthStore(selectCanAccessAdult);
  if (count <= 0 || adult) return null;
  return (
    <p
      role="status"
      data-testid="withheld-notice"
      className="flex flex-wrap items-center gap-x-2 text-sm text-muted"
    >
      <Glyph icon={EyeOff} aria-hidden className="size-4 shrink-0 text-warning" />
      <span>{text}</span>
      <Link
        href={`${routes.settings}?tab=account`}
        className="inline-flex min-h-9 items-center font-medium text-accent-text underline underline-offset-2"
      >
        {signIn}
      </Link>
    </p>
  );
}
