'use client';

import { Search, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { cn } from '@/lib/utils/cn';

/** Header search: submits to /search?q= (SPEC §5: a blank submit does nothing). */
export function SearchBar({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const t = useTranslations('SearchBar');
  const router = useRouter();
  const [term, setTerm] = useState('');
  const inputId = useId();

  return (
    <form
      role="search"
      className={cn('relative flex w-full items-center gap-2', className)}
      onSubmit={(event) => {
        event.preventDefault();
        const query = term.trim();
        if (!query) return;
        router.push(`/search?q=${encodeURIComponent(query)}`);
        onSubmitted?.();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('label')}
      </label>
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          id={inputId}
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={t('placeholder')}
          autoComplete="off"
          maxLength={200}
          className="min-h-11 w-full rounded-md border border-border bg-surface pr-10 pl-9 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
        />
        {term && (
          <button
            type="button"
            aria-label={t('clear')}
            onClick={() => setTerm('')}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      <button
        type="submit"
        className="min-h-11 rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover"
      >
        {t('submit')}
      </button>
    </form>
  );
}
