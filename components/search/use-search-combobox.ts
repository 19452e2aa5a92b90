'use client';

import { useRouter } from 'next/navigation';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { searchHref } from '@/lib/discovery/params';
import type { Anime } from '@/lib/jikan/types';
import { routes } from '@/lib/routes';
import { useRecentSearchesStore } from '@/lib/stores/recent-searches-store';
import { POPULAR_SEARCHES } from './popular-searches';
import { SUGGESTION_MIN_LENGTH, useSuggestions } from './use-suggestions';

export type SearchOption =
  | { kind: 'suggestion'; key: string; anime: Anime }
  | { kind: 'recent' | 'popular'; key: string; term: string };

export interface SearchOptionGroup {
  kind: SearchOption['kind'];
  options: SearchOption[];
}

/**
 * What the popup says instead of (or besides) options while the visitor types 2+ characters:
 * nothing ('none' with options shown, or 'idle' below 2 characters), or why there are none.
 */
export type SuggestionNotice = 'idle' | 'loading' | 'failed' | 'empty' | 'none';

/** '/' focuses the search from anywhere, except while typing in a field. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The behaviour of the search combobox (ARIA 1.2): the term, whether the popup is open, which
 * option is active (aria-activedescendant, so focus never leaves the input), the options (the
 * suggestions for 2+ characters; otherwise recent, then popular searches), the keyboard (arrows,
 * Enter, Escape, '/' from anywhere) and where a choice leads. Enter on a suggestion opens that
 * anime's page; on a recent or popular search, or with no option active, it searches.
 *
 * The form is a plain GET form to /search until this runs; a term typed before hydration is
 * taken over from the input when it mounts.
 */
export function useSearchCombobox({ onSubmitted }: { onSubmitted?: () => void } = {}) {
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
  const groups: SearchOptionGroup[] = typing
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
  const shownGroups = groups.filter((group) => group.options.length > 0);
  const options = shownGroups.flatMap((group) => group.options);
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const listboxId = `${baseId}-listbox`;
  const inputId = `${baseId}-input`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const groupId = (kind: SearchOption['kind']) => `${baseId}-group-${kind}`;

  const notice: SuggestionNotice = !typing
    ? 'idle'
    : suggestions.status === 'loading'
      ? 'loading'
      : suggestions.status === 'failed'
        ? 'failed'
        : suggestions.items.length === 0
          ? 'empty'
          : 'none';
  const hasNotice = notice !== 'idle' && notice !== 'none';
  const listboxShown = open && options.length > 0;
  const popupShown = open && (listboxShown || hasNotice);

  useEffect(() => {
    // What was typed before the page was interactive is kept, and a focused input opens its list.
    const input = inputRef.current;
    if (!input) return;
    if (input.value) setTerm(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);

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

  function pick(option: SearchOption) {
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

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
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

  return {
    term,
    typing,
    suggestions,
    notice,
    hasNotice,
    groups: shownGroups,
    options,
    activeIndex,
    listboxShown,
    popupShown,
    open,
    ids: { input: inputId, listbox: listboxId, option: optionId, group: groupId },
    pick,
    /** Marks an option active (the pointer is over it). */
    activate: (option: SearchOption) => setActiveKey(option.key),
    clear() {
      setTerm('');
      close();
      openOnFocus.current = false;
      inputRef.current?.focus();
    },
    formProps: {
      onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault();
        search(term);
      },
      onBlur(event: FocusEvent<HTMLFormElement>) {
        // Closed after focus has landed: removing the list while focus is between two elements
        // makes the mobile menu's focus trap pull focus back to the dialog.
        if (!event.currentTarget.contains(event.relatedTarget)) window.setTimeout(close, 0);
      },
    },
    inputProps: {
      ref: inputRef,
      id: inputId,
      role: 'combobox',
      'aria-expanded': listboxShown,
      'aria-controls': listboxShown ? listboxId : undefined,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': listboxShown && activeIndex !== -1 ? optionId(activeIndex) : undefined,
      value: term,
      onChange(event: React.ChangeEvent<HTMLInputElement>) {
        setTerm(event.target.value);
        setActiveKey(null);
        setOpen(true);
      },
      onFocus() {
        if (openOnFocus.current) setOpen(true);
        openOnFocus.current = true;
      },
      onClick: () => setOpen(true),
      onKeyDown: onInputKeyDown,
    },
  };
}
