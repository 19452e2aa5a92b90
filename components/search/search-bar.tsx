'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { SearchIcons } from '@/components/ui/control-icons';
import { LazyPart } from '@/components/ui/lazy-part';
import { MAX_SEARCH_LENGTH } from '@/lib/discovery/search-limit';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';

const loadCombobox = () => import('./search-combobox').then((module) => module.default);

/** '/' focuses the search from anywhere, except while typing in a field. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search bar (SPEC §2, §4, §5). It is a plain GET form to /search with the term as `q`, so
 * Enter searches before the page is hydrated and without JavaScript, and the clear button is the
 * form's reset. Suggestions, recent and popular searches (SearchCombobox) load when the bar is
 * first pointed at, touched or focused, and take over the same input: nothing typed is lost.
 * Used in the header and the mobile menu.
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
  const inputId = useId();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [status, setStatus] = useState<HTMLParagraphElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  /** Arrow keys pressed before the combobox is here: it replays them when it attaches. */
  const pendingKeys = useRef<string[]>([]);
  const holdArrows = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (event.currentTarget.form?.hasAttribute('data-combobox')) return;
    event.preventDefault();
    pendingKeys.current.push(event.key);
    want();
  };

  useEffect(() => {
    if (!input) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (isTypingTarget(event.target) || !input) return;
      // The header's bar is hidden on phones, and behind the mobile menu while that is open (Radix
      // hides the rest of the page from assistive technology); the menu's bar exists only then.
      if (input.offsetParent === null || input.closest('[aria-hidden="true"], [inert]')) return;
      event.preventDefault();
      input.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);

  // Focused (or typed in) before this was hydrated: the combobox is wanted at once.
  const usedEarly = input !== null && (input.value !== '' || document.activeElement === input);

  return (
    <form
      ref={setForm}
      role="search"
      action={routes.search}
      method="get"
      // A container: below 24rem of its own width the text button gives way to the magnifier.
      className={cn('@container relative flex w-full items-center gap-2', className)}
      onPointerEnter={want}
      onTouchStart={want}
      onFocus={want}
      onReset={() => window.setTimeout(() => input?.focus(), 0)}
      onSubmit={(event) => {
        // Before the combobox is here the form submits itself (a page load to /search), except
        // with nothing but spaces in it: that searches for nothing, as with the combobox.
        if (!event.currentTarget.hasAttribute('data-combobox') && !input?.value.trim())
          event.preventDefault();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
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
          ref={setInput}
          id={inputId}
          onKeyDown={holdArrows}
          type="search"
          name="q"
          // aria-controls and aria-activedescendant are set by SearchCombobox while its list shows.
          // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-keyshortcuts="/"
          enterKeyHint="search"
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
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
          className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded-sm border border-border px-1.5 font-sans text-xs text-muted md:peer-placeholder-shown:inline-block"
        >
          /
        </kbd>
        <p ref={setStatus} role="status" className="sr-only" />
      </div>
      <button
        type="submit"
        className="hidden min-h-11 shrink-0 rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover @sm:block"
      >
        {t('submit')}
      </button>
      {form && input && status && (
        <LazyPart
          load={loadCombobox}
          when={wanted || usedEarly}
          props={{ input, form, status, onSubmitted, pendingKeys }}
        />
      )}
    </form>
  );
}
