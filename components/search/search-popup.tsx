'use client';

import { Clock, LoaderCircle, TrendingUp } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, type Dispatch, type RefObject } from 'react';
import { AnimeCover } from '@/components/anime/anime-cover';
import { useAnimeLabels } from '@/components/anime/use-anime-labels';
import { Glyph } from '@/components/ui/glyph';
import { animeTitle } from '@/lib/anime-display';
import { searchHref } from '@/lib/discovery/params';
import { countValues } from '@/lib/i18n/format-count';
import type { Anime } from '@/lib/jikan/types';
import { routes } from '@/lib/routes';
import { useRecentSearchesStore } from '@/lib/stores/recent-searches-store';
import { cn } from '@/lib/utils/cn';
import type { ComboboxAction, ComboboxState } from './combobox-state';
import { POPULAR_SEARCHES } from './popular-searches';
import type { PopupActions } from './search-bar';
import { SUGGESTION_MIN_LENGTH, useSuggestions } from './use-suggestions';

type SearchOption =
  | { kind: 'suggestion'; key: string; anime: Anime }
  | { kind: 'recent' | 'popular'; key: string; term: string };

interface SearchOptionGroup {
  kind: SearchOption['kind'];
  options: SearchOption[];
}

/**
 * The search bar's popup, loaded when the bar is first wanted (SearchBar keeps the term, the open
 * list and the active option): the options (suggestions for 2+ characters, else recent, then
 * popular searches), what the status line says, where a choice leads, and the popup itself — a
 * notice while suggestions load, fail or find nothing, and the listbox of grouped options. It
 * tells the bar its options' keys (a 'view' action) and lends it pick and search (`actionsRef`). A
 * suggestion opens that anime's page and is not stored as a recent search; a recent or popular
 * search, or the submitted text, runs a search and is stored.
 */
export default function SearchPopup({
  term,
  state,
  baseId,
  inputRef,
  actionsRef,
  dispatch,
  setTerm,
  onSubmitted,
}: {
  term: string;
  state: ComboboxState;
  /** The bar's useId: the listbox and options are `${baseId}-listbox`, `${baseId}-option-${index}`. */
  baseId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  actionsRef: RefObject<PopupActions | null>;
  dispatch: Dispatch<ComboboxAction>;
  setTerm: (term: string) => void;
  onSubmitted?: () => void;
}) {
  const t = useTranslations('SearchBar');
  const router = useRouter();
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const label = useAnimeLabels();
  const recent = useRecentSearchesStore((state) => state.recent);
  const addRecent = useRecentSearchesStore((state) => state.add);
  const suggestions = useSuggestions(term);

  const typing = term.trim().length >= SUGGESTION_MIN_LENGTH;
  const allGroups: SearchOptionGroup[] = typing
    ? [
        {
          kind: 'suggestion',
          options: suggestions.items.map((anime) => ({
            kind: 'suggestion',
            key: `anime:${anime.id}`,
            anime,
          })),
        },
      ]
    : [
        {
          kind: 'recent',
          options: recent.map((entry) => ({ kind: 'recent', key: `recent:${entry}`, term: entry })),
        },
        {
          kind: 'popular',
          options: POPULAR_SEARCHES.map((entry) => ({
            kind: 'popular',
            key: `popular:${entry}`,
            term: entry,
          })),
        },
      ];
  const groups = allGroups.filter((group) => group.options.length > 0);
  const options = groups.flatMap((group) => group.options);
  const keys = options.map((option) => option.key);
  const { active } = state;
  const activeIndex = active === null ? -1 : keys.indexOf(active);

  const notice = !typing
    ? ''
    : suggestions.status === 'loading'
      ? t('loading')
      : suggestions.status === 'failed'
        ? t('suggestionsError')
        : suggestions.items.length === 0
          ? t('noSuggestions')
          : '';
  const status = typing ? notice || t('suggestionCount', countValues(suggestions.items.length, locale)) : '';
  const hasContent = options.length > 0 || notice !== '';
  const listboxShown = state.open && options.length > 0;
  const shown = state.open && hasContent;

  const ids = { listbox: `${baseId}-listbox`, option: `${baseId}-option-`, group: `${baseId}-group-` };

  const keyList = keys.join('\n');
  useLayoutEffect(() => {
    dispatch({ type: 'view', view: { keys: keyList ? keyList.split('\n') : [], status, hasContent } });
  }, [dispatch, keyList, status, hasContent]);

  useEffect(() => {
    if (!shown) return;
    // Escape closes the innermost layer first: the list, not the mobile menu around the bar. Radix
    // listens on the document in the capture phase, so the list has to be ahead of it, on window.
    function onEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || document.activeElement !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      dispatch({ type: 'close' });
    }
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [shown, dispatch, inputRef]);

  function go(href: string) {
    dispatch({ type: 'close' });
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

  function pick(option: SearchOption) {
    if (option.kind === 'suggestion') return go(routes.anime(option.anime.id));
    if (inputRef.current) inputRef.current.value = option.term;
    setTerm(option.term);
    search(option.term);
  }

  // The bar's Enter and submit call the functions of the latest render.
  useLayoutEffect(() => {
    actionsRef.current = {
      pick: (key) => {
        const option = options.find((candidate) => candidate.key === key);
        if (option) pick(option);
      },
      search,
    };
  });
  useEffect(
    () => () => {
      actionsRef.current = null;
    },
    [actionsRef],
  );

  useEffect(() => {
    if (activeIndex !== -1)
      document.getElementById(ids.option + activeIndex)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, ids.option]);

  if (!shown) return null;
  const groupLabel = { suggestion: t('suggestions'), recent: t('recent'), popular: t('popular') };
  return (
    <div
      // Clicks inside the popup must not take focus from the input (it would close the list).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[min(65vh,28rem)] overflow-y-auto rounded-md border border-border bg-surface py-1 shadow-lg"
    >
      {notice && (
        <p aria-hidden className="flex min-h-11 items-center gap-2 px-3 text-sm text-muted">
          {suggestions.status === 'loading' && (
            <Glyph icon={LoaderCircle} className="size-4 animate-spin motion-reduce:animate-none" />
          )}
          {notice}
        </p>
      )}
      {listboxShown && (
        <div role="listbox" id={ids.listbox} aria-label={t('label')}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={ids.group + group.kind}>
              <div
                role="presentation"
                id={ids.group + group.kind}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {groupLabel[group.kind]}
              </div>
              {group.options.map((option) => {
                const index = options.indexOf(option);
                const isActive = index === activeIndex;
                return (
                  <div
                    key={option.key}
                    id={ids.option + index}
                    role="option"
                    aria-selected={isActive}
                    onClick={() => pick(option)}
                    onMouseMove={() => {
                      if (!isActive) dispatch({ type: 'activate', key: option.key });
                    }}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm text-fg',
                      isActive && 'bg-accent-soft text-accent-text',
                    )}
                  >
                    {option.kind === 'suggestion' ? (
                      <SuggestionContent
                        anime={option.anime}
                        title={animeTitle(option.anime, locale) ?? tCommon('notAvailable')}
                        details={[label('type', option.anime.type), option.anime.year?.toString() ?? null]}
                      />
                    ) : (
                      <>
                        <Glyph
                          icon={option.kind === 'recent' ? Clock : TrendingUp}
                          aria-hidden
                          className="size-4 shrink-0 text-muted"
                        />
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
