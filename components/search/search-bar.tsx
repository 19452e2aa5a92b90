'use client';

import { Clock, LoaderCircle, Search, TrendingUp, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { AnimeCover } from '@/components/anime/anime-cover';
import { useAnimeLabels } from '@/components/anime/use-anime-labels';
import { animeTitle } from '@/lib/anime-display';
import { MAX_SEARCH_LENGTH, searchHref } from '@/lib/discovery/params';
import type { Anime } from '@/lib/jikan/types';
import { routes } from '@/lib/routes';
import { useRecentSearchesStore } from '@/lib/stores/recent-searches-store';
import { cn } from '@/lib/utils/cn';
import { POPULAR_SEARCHES } from './popular-searches';
import { SUGGESTION_MIN_LENGTH, useSuggestions } from './use-suggestions';
import { countValues } from '@/lib/i18n/format-count';

type Option =
  | { kind: 'suggestion'; key: string; anime: Anime }
  | { kind: 'recent' | 'popular'; key: string; term: string };

interface OptionGroup {
  kind: Option['kind'];
  label: string;
  options: Option[];
}

/** '/' focuses the search from anywhere, except while typing in a field (SPEC-adjacent, issue 4). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search bar (SPEC §2, §4, §5) as an ARIA 1.2 combobox: the input owns a listbox of grouped
 * options (suggestions while typing 2+ characters; otherwise recent, then popular searches),
 * moved through with the arrow keys via aria-activedescendant, so focus never leaves the input.
 * Enter on a suggestion opens that anime's page (what a suggestion promises); on a recent or
 * popular search, or with no option active, it searches. Used in the header and the mobile menu.
 */
export function SearchBar({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const t = useTranslations('SearchBar');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const label = useAnimeLabels();
  const router = useRouter();
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  /** Focus that we moved back to the input ourselves (after clearing) must not reopen the list. */
  const openOnFocus = useRef(true);

  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const recent = useRecentSearchesStore((state) => state.recent);
  const addRecent = useRecentSearchesStore((state) => state.add);
  const suggestions = useSuggestions(term);

  const query = term.trim();
  const typing = query.length >= SUGGESTION_MIN_LENGTH;
  const groups: OptionGroup[] = [];
  if (typing) {
    groups.push({
      kind: 'suggestion',
      label: t('suggestions'),
      options: suggestions.items.map((anime) => ({ kind: 'suggestion', key: `anime:${anime.id}`, anime })),
    });
  } else {
    groups.push(
      {
        kind: 'recent',
        label: t('recent'),
        options: recent.map((entry) => ({ kind: 'recent', key: `recent:${entry}`, term: entry })),
      },
      {
        kind: 'popular',
        label: t('popular'),
        options: POPULAR_SEARCHES.map((entry) => ({ kind: 'popular', key: `popular:${entry}`, term: entry })),
      },
    );
  }
  const shownGroups = groups.filter((group) => group.options.length > 0);
  const options = shownGroups.flatMap((group) => group.options);
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const statusText = !typing
    ? ''
    : suggestions.status === 'loading'
      ? t('loading')
      : suggestions.status === 'failed'
        ? t('suggestionsError')
        : suggestions.items.length === 0
          ? t('noSuggestions')
          : '';
  const listboxShown = open && options.length > 0;
  const popupShown = open && (listboxShown || statusText !== '');

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isTypingTarget(event.target)) return;
      const input = inputRef.current;
      // The header's bar is hidden on phones, and behind the mobile menu while that is open (Radix
      // hides the rest of the page from assistive technology); the menu's bar exists only then.
      if (!input || input.offsetParent === null || input.closest('[aria-hidden="true"], [inert]')) return;
      event.preventDefault();
      input.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!open) return;
    // Escape closes the innermost layer first: the list, not the mobile menu around the bar. Radix
    // listens on the document in the capture phase, so the list has to be ahead of it, on window.
    function onEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || document.activeElement !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      setActiveKey(null);
    }
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [open]);

  function close() {
    setOpen(false);
    setActiveKey(null);
  }

  function go(href: string) {
    close();
    inputRef.current?.blur();
    router.push(href);
    onSubmitted?.();
  }

  function search(text: string) {
    const value = text.trim();
    if (!value) return;
    addRecent(value);
    go(searchHref({ q: value }));
  }

  function pick(option: Option) {
    if (option.kind === 'suggestion') {
      go(routes.anime(option.anime.id));
      return;
    }
    setTerm(option.term);
    search(option.term);
  }

  function move(step: 1 | -1) {
    if (!open) {
      setOpen(true);
      return;
    }
    if (options.length === 0) return;
    const next =
      activeIndex === -1
        ? step === 1
          ? 0
          : options.length - 1
        : (activeIndex + step + options.length) % options.length;
    setActiveKey(options[next]?.key ?? null);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const option = listboxShown ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
    }
  }

  return (
    <form
      role="search"
      className={cn('relative flex w-full items-center gap-2', className)}
      onSubmit={(event) => {
        event.preventDefault();
        search(term);
      }}
      onBlur={(event) => {
        // Closed after focus has landed: removing the list while focus is between two elements
        // makes the mobile menu's focus trap pull focus back to the dialog.
        if (!event.currentTarget.contains(event.relatedTarget)) window.setTimeout(close, 0);
      }}
    >
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t('label')}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          aria-expanded={listboxShown}
          aria-controls={listboxShown ? listboxId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listboxShown && activeIndex !== -1 ? optionId(activeIndex) : undefined}
          aria-keyshortcuts="/"
          enterKeyHint="search"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActiveKey(null);
            setOpen(true);
          }}
          onFocus={() => {
            if (openOnFocus.current) setOpen(true);
            openOnFocus.current = true;
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          className="min-h-11 w-full rounded-md border border-border bg-surface pr-10 pl-9 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
        />
        {term ? (
          <button
            type="button"
            aria-label={t('clear')}
            onClick={() => {
              setTerm('');
              close();
              openOnFocus.current = false;
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg"
          >
            <X aria-hidden className="size-4" />
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
          {open && typing ? statusText || t('suggestionCount', countValues(suggestions.items.length, locale)) : ''}
        </p>
      </div>
      <button
        type="submit"
        className="min-h-11 shrink-0 rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover"
      >
        {t('submit')}
      </button>
      {popupShown && (
        <div
          // Clicks inside the popup must not take focus from the input (it would close the list).
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-[min(65vh,28rem)] overflow-y-auto rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          {statusText && (
            <p aria-hidden className="flex min-h-11 items-center gap-2 px-3 text-sm text-muted">
              {suggestions.status === 'loading' && (
                <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" />
              )}
              {statusText}
            </p>
          )}
          {listboxShown && (
            <div role="listbox" id={listboxId} aria-label={t('label')}>
              {shownGroups.map((group) => (
                <div key={group.kind} role="group" aria-labelledby={`${baseId}-group-${group.kind}`}>
                  <div
                    role="presentation"
                    id={`${baseId}-group-${group.kind}`}
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                  >
                    {group.label}
                  </div>
                  {group.options.map((option) => {
                    const index = options.indexOf(option);
                    const active = index === activeIndex;
                    return (
                      <div
                        key={option.key}
                        id={optionId(index)}
                        role="option"
                        aria-selected={active}
                        onClick={() => pick(option)}
                        onMouseMove={() => {
                          if (!active) setActiveKey(option.key);
                        }}
                        className={cn(
                          'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm text-fg',
                          active && 'bg-accent-soft text-accent-text',
                        )}
                      >
                        {option.kind === 'suggestion' ? (
                          <SuggestionContent
                            anime={option.anime}
                            title={animeTitle(option.anime, locale) ?? tCommon('notAvailable')}
                            details={[
                              label('type', option.anime.type),
                              option.anime.year?.toString() ?? null,
                            ]}
                          />
                        ) : (
                          <>
                            {option.kind === 'recent' ? (
                              <Clock aria-hidden className="size-4 shrink-0 text-muted" />
                            ) : (
                              <TrendingUp aria-hidden className="size-4 shrink-0 text-muted" />
                            )}
                            <span className="truncate">{option.term}</span>
                          </>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </form>
  );
}

function SuggestionContent({
  anime,
  title,
  details,
}: {
  anime: Anime;
  title: string;
  details: (string | null)[];
}) {
  const line = details.filter(Boolean).join(' · ');
  return (
    <>
      <span className="relative aspect-[2/3] w-8 shrink-0 overflow-hidden rounded-sm bg-surface-2">
        <AnimeCover src={anime.images.small ?? anime.images.cover} sizes="32px" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{title}</span>
        {line && <span className="truncate text-xs text-muted">{line}</span>}
      </span>
    </>
  );
}
