'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition, type FormEvent, type ReactNode } from 'react';
import {
  browseHref,
  browseParamsFromQuery,
  parseBrowseParams,
  seasonAt,
} from '@/lib/discovery/browse-params';

/**
 * /browse's filter form. Without JavaScript it is a plain GET form to /browse (proxy.ts sends the
 * submission to the canonical address). With JavaScript, each change goes to the canonical
 * address of the new filters at once, and the results below say they are updating.
 */
export function LiveFilterForm({ children, label }: { children: ReactNode; label: string }) {
  const t = useTranslations('Browse');
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const go = (form: HTMLFormElement) => {
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') query.append(name, value);
    // A new filter starts again at page 1.
    const state = { ...parseBrowseParams(browseParamsFromQuery(query), seasonAt(new Date())), page: 1 };
    startTransition(() => router.push(browseHref(state), { scroll: false }));
  };

  return (
    <form
      action="/browse"
      method="get"
      aria-label={label}
      aria-busy={pending || undefined}
      data-testid="browse-form"
      onChange={(event) => go(event.currentTarget)}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        go(event.currentTarget);
      }}
    >
      {children}
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-muted">
        {pending ? t('updating') : ''}
      </p>
    </form>
  );
}
