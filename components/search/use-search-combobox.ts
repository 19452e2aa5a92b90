'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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

/** Writes the element's value (the input is the page's, not this hook's state). */
function setInputValue(input: HTMLInputElement, value: string) {
  input.value = value;
}

/**
 * The behaviour of the search combobox (ARIA 1.2): the term, whether the popup is open, which
 * option is active (aria-activedescendant, so focus never leaves the input), the options (the
 * suggestions for 2+ characters; otherwise recent, then popular searches), the keyboard (arrows,
 * Enter, Escape) and where a choice leads. Enter on a suggestion opens that anime's page; on a
 * recent or popular search, or with no option active, it searches.
 *
 * It attaches to the search bar's form and input as the server drew them (SearchBar), which is a
 * plain GET form to /search until this runs: the input keeps its element, its focus and what was
 * typed before this code arrived, and a focused input opens its list as soon as it does.
 */
export function useSearchCombobox({
  input,
  form,
  onSubmitted,
}: {
  input: HTMLInputElement;
  form: HTMLFormElement;
  onSubmitted?: () => void;
}) {
  const router = useRouter();
  const baseId = useId();
  /** Focus that we moved back to the input ourselves (after clearing) must not reopen the list. */
  const openOnFocus = useRef(true);

  const [term, setTerm] = useState(() => input.value);
  const [open, setOpen] = useState(() => document.activeElement === input);
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
  const activeDescendant = listboxShown && activeIndex !== -1 ? optionId(activeIndex) : null;

  // The input's combobox state, written on the element the server drew.
  useLayoutEffect(() => {
    input.setAttribute('aria-expanded', String(listboxShown));
    if (listboxShown) input.setAttribute('aria-controls', listboxId);
    else input.removeAttribute('aria-controls');
    if (activeDescendant) input.setAttribute('aria-activedescendant', activeDescendant);
    else input.removeAttribute('aria-activedescendant');
  }, [input, listboxShown, listboxId, activeDescendant]);
  useEffect(
    () => () => {
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-controls');
      input.removeAttribute('aria-activedescendant');
    },
    [input],
  );

  useEffect(() => {
    if (!open) return;
    // Escape closes the innermost layer first: the list, not the mobile menu around the bar. Radix
    // listens on the document in the capture phase, so the list has to be ahead of it, on window.
    function onEscape(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || document.activeElement !== input) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      setActiveKey(null);
    }
    window.addEventListener('keydown', onEscape, true);
    return () => window.removeEventListener('keydown', onEscape, true);
  }, [open, input]);

  function close() {
    setOpen(false);
    setActiveKey(null);
  }

  function go(href: string) {
    close();
    input.blur();
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
    setInputValue(input, option.term);
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

  function onKeyDown(event: KeyboardEvent) {
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

  // The element's listeners call the handlers of the latest render.
  const handlers = useRef({ onKeyDown, search, close });
  useLayoutEffect(() => {
    handlers.current = { onKeyDown, search, close };
  });

  // Attached in the commit that draws the combobox: no keystroke can land between its first render
  // (which read the input's value) and its listeners.
  useLayoutEffect(() => {
    const onInput = () => {
      setTerm(input.value);
      setActiveKey(null);
      setOpen(true);
    };
    const onFocus = () => {
      if (openOnFocus.current) setOpen(true);
      openOnFocus.current = true;
    };
    const onClick = () => setOpen(true);
    const onKey = (event: KeyboardEvent) => handlers.current.onKeyDown(event);
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      handlers.current.search(input.value);
    };
    const onFocusOut = (event: FocusEvent) => {
      // Closed after focus has landed: removing the list while focus is between two elements
      // makes the mobile menu's focus trap pull focus back to the dialog.
      if (!form.contains(event.relatedTarget as Node | null)) window.setTimeout(handlers.current.close, 0);
    };
    const onReset = () => {
      // The clear button resets the form (it works before this code, too, and SearchBar puts
      // focus back on the emptied input): the list closes and that focus does not reopen it.
      setTerm('');
      handlers.current.close();
      openOnFocus.current = false;
    };
    const listeners: [EventTarget, string, EventListener][] = [
      [input, 'input', onInput],
      [input, 'focus', onFocus],
      [input, 'click', onClick],
      [input, 'keydown', onKey as EventListener],
      [form, 'submit', onSubmit as EventListener],
      [form, 'focusout', onFocusOut as EventListener],
      [form, 'reset', onReset],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [input, form]);

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
    ids: { listbox: listboxId, option: optionId, group: groupId },
    pick,
    /** Marks an option active (the pointer is over it). */
    activate: (option: SearchOption) => setActiveKey(option.key),
  };
}
