'use client';

import { Search, X } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { MAX_SEARCH_LENGTH } from '@/lib/discovery/params';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { Lazy } from '@/components/ui/lazy';
import { cn } from '@/lib/utils/cn';
import type { SearchPopup as SearchPopupComponent } from './search-popup';
import { useSearchCombobox } from './use-search-combobox';

/** The popup's code (options, covers): loaded when the list first opens, kept after. */
let popupModule: Promise<typeof SearchPopupComponent> | null = null;
const loadPopup = () => (popupModule ??= import('./search-popup').then((module) => module.SearchPopup));

/**
 * The search bar (SPEC §2, §4, §5): the view of the search combobox (behaviour in
 * useSearchCombobox). It is a plain GET form to /search with the term as `q`, so Enter searches
 * before the page is hydrated and without JavaScript; once hydrated, suggestions, recent and
 * popular searches open under it (their code loads when it first opens: the keys work at once,
 * the list is drawn a moment later). Used in the header and the mobile menu.
 */
export function SearchBar({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const t = useTranslations('SearchBar');
  const locale = useLocale();
  const combobox = useSearchCombobox({ onSubmitted });
  const { term, typing, notice, ids } = combobox;
  const noticeText =
    notice === 'loading'
      ? t('loading')
      : notice === 'failed'
        ? t('suggestionsError')
        : notice === 'empty'
          ? t('noSuggestions')
          : '';

  return (
    <form
      role="search"
      action={routes.search}
      method="get"
      // A container: below 24rem of its own width the text button gives way to the magnifier.
      className={cn('@container relative flex w-full items-center gap-2', className)}
      {...combobox.formProps}
    >
      <label htmlFor={ids.input} className="sr-only">
        {t('label')}
      </label>
      <div className="relative min-w-0 flex-1">
        <Glyph
          icon={Search}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 hidden size-4 -translate-y-1/2 text-muted @sm:block"
        />
        <button
          type="submit"
          aria-label={t('submit')}
          className="absolute top-1/2 left-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg @sm:hidden"
        >
          <Glyph icon={Search} aria-hidden className="size-4" />
        </button>
        <input
          {...combobox.inputProps}
          type="search"
          name="q"
          aria-keyshortcuts="/"
          enterKeyHint="search"
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          className="min-h-11 w-full rounded-md border border-border bg-surface pr-10 pl-10 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
        />
        {term ? (
          <button
            type="button"
            aria-label={t('clear')}
            onClick={combobox.clear}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg"
          >
            <Glyph icon={X} aria-hidden className="size-4" />
          </button>
        ) : (
          <kbd
            aria-hidden
            title={t('shortcut')}
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded-sm border border-border px-1.5 font-sans text-xs text-muted md:inline-block"
          >
            /
          </kbd>
        )}

        <p role="status" className="sr-only">
          {combobox.open && typing
            ? noticeText || t('suggestionCount', countValues(combobox.suggestions.items.length, locale))
            : ''}
        </p>
      </div>
      <button
        type="submit"
        className="hidden min-h-11 shrink-0 rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover @sm:block"
      >
        {t('submit')}
      </button>
      {combobox.popupShown && <Lazy load={loadPopup} props={{ combobox, noticeText }} />}
    </form>
  );
}
