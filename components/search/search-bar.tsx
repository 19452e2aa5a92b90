'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { SearchIcons } from '@/components/ui/control-icons';
import { LazyPart } from '@/components/ui/lazy-part';
import { MAX_SEARCH_LENGTH } from '@/lib/discovery/search-limit';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';
import { comboboxReducer, initialCombobox } from './combobox-state';

/** What the popup does for the bar: pick an option by its key, or search for a text. */
export interface PopupActions {
  pick: (key: string) => void;
  search: (text: string) => void;
}

const loadPopup = () => import('./search-popup').then((module) => module.default);

/** '/' focuses the search from anywhere, except while typing in a field. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search bar (SPEC §2, §4, §5), a combobox (ARIA 1.2): arrows move through the options, Enter
 * picks or searches, Escape closes, '/' focuses it. It is a GET form to /search with the term as
 * `q`, so Enter searches before the page is hydrated and without JavaScript, and the clear button
 * is the form's reset. The bar keeps the term, the open list and the active option itself; only
 * the popup (suggestions, recent and popular searches, SearchPopup) loads later, when the bar is
 * first pointed at, touched or focused. Arrow keys pressed before it is here wait in the bar's
 * state and move through its options once it tells which there are; Enter before it searches as
 * a page load. Used in the header and the mobile menu.
 */
export function SearchBar({
  className,
  onSubmitted,
  icons,
}: {
  className?: string;
  onSubmitted?: () => void;
  /** components/ui/control-icons.tsx searchIcons. */
  icons: SearchIcons;
}) {
  const t = useTranslations('SearchBar');
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const actions = useRef<PopupActions | null>(null);
  /** Focus that we moved back to the input ourselves (after clearing) must not reopen the list. */
  const openOnFocus = useRef(true);
  const [term, setTerm] = useState('');
  const [wanted, setWanted] = useState(false);
  const [state, dispatch] = useReducer(comboboxReducer, initialCombobox);
  const want = () => setWanted(true);

  const keys = state.view?.keys ?? [];
  const listboxShown = state.open && keys.length > 0;
  const activeIndex = state.active === null ? -1 : keys.indexOf(state.active);

  useEffect(() => {
    const input = inputRef.current!;
    // Typed in or focused before this was hydrated: the text is the term, and the list opens.
    setTerm(input.value);
    if (document.activeElement === input) dispatch({ type: 'open' });
    if (input.value || document.activeElement === input) setWanted(true);

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isTypingTarget(event.target)) return;
      // The header's bar is hidden on phones, and behind the mobile menu while that is open (Radix
      // hides the rest of the page from assistive technology); the menu's bar exists only then.
      if (input.offsetParent === null || input.closest('[aria-hidden="true"], [inert]')) return;
      event.preventDefault();
      input.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <form
      role="search"
      action={routes.search}
      method="get"
      // Marks the bar as driven by the popup's code too (tests wait for it).
      data-combobox={state.view ? 'ready' : undefined}
      // A container: below 24rem of its own width the text button gives way to the magnifier.
      className={cn('@container relative flex w-full items-center gap-2', className)}
      // A touch is a pointer too.
      onPointerEnter={want}
      onFocus={want}
      onBlur={(event) => {
        // Closed after focus has landed: removing the list while focus is between two elements
        // makes the mobile menu's focus trap pull focus back to the dialog.
        if (!event.currentTarget.contains(event.relatedTarget))
          window.setTimeout(() => dispatch({ type: 'close' }), 0);
      }}
      onReset={() => {
        // The clear button resets the form (before hydration, too): the list closes, and the focus
        // put back on the emptied input does not reopen it.
        setTerm('');
        dispatch({ type: 'close' });
        openOnFocus.current = false;
        window.setTimeout(() => inputRef.current?.focus(), 0);
      }}
      onSubmit={(event) => {
        const text = inputRef.current?.value ?? '';
        // Before the popup is here the form submits itself (a page load to /search), except with
        // nothing but spaces in it: that searches for nothing, as with the popup.
        if (actions.current) {
          event.preventDefault();
          actions.current.search(text);
        } else if (!text.trim()) event.preventDefault();
      }}
    >
      <label htmlFor={`${baseId}-input`} className="sr-only">
        {t('label')}
      </label>
      <div className="relative min-w-0 flex-1">
        <span className="pointer-events-none absolute top-1/2 left-3 hidden -translate-y-1/2 text-muted @sm:flex">
          {icons.search}
        </span>
        <button
          type="submit"
          aria-label={t('submit')}
          className="absolute top-1/2 left-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg @sm:hidden"
        >
          {icons.search}
        </button>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={listboxShown}
          aria-controls={listboxShown ? `${baseId}-listbox` : undefined}
          aria-activedescendant={
            listboxShown && activeIndex !== -1 ? `${baseId}-option-${activeIndex}` : undefined
          }
          aria-autocomplete="list"
          aria-keyshortcuts="/"
          enterKeyHint="search"
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            dispatch({ type: 'typed' });
          }}
          onFocus={() => {
            if (openOnFocus.current) dispatch({ type: 'open' });
            openOnFocus.current = true;
          }}
          onClick={() => dispatch({ type: 'open' })}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              want();
              dispatch({ type: 'step', step: event.key === 'ArrowDown' ? 1 : -1 });
            } else if (event.key === 'Enter' && listboxShown && state.active && actions.current) {
              event.preventDefault();
              actions.current.pick(state.active);
            }
          }}
          className="peer min-h-11 w-full rounded-md border border-border bg-surface pr-10 pl-10 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
        />
        {/* Shown while the input holds text (CSS: the placeholder is not shown), else the hint. */}
        <button
          type="reset"
          aria-label={t('clear')}
          className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted peer-placeholder-shown:hidden hover:text-fg"
        >
          {icons.clear}
        </button>
        <kbd
          aria-hidden
          title={t('shortcut')}
          className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded-sm border border-border px-1.5 [font-family:inherit] text-xs text-muted md:peer-placeholder-shown:inline-block"
        >
          /
        </kbd>
        <p role="status" className="sr-only">
          {state.open ? state.view?.status : ''}
        </p>
      </div>
      <button
        type="submit"
        className="hidden min-h-11 shrink-0 rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover @sm:block"
      >
        {t('submit')}
      </button>
      <LazyPart
        load={loadPopup}
        when={wanted}
        props={{
          term,
          state,
          baseId,
          inputRef,
          actionsRef: actions,
          dispatch,
          setTerm,
          onSubmitted,
        }}
      />
    </form>
  );
}
