'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useRef, useState } from 'react';
import type { MenuIcons } from '@/components/ui/control-icons';
import { buttonClass } from '@/components/ui/button';
import { LazyPart } from '@/components/ui/lazy-part';
import { useUntilHydrated } from '@/lib/stores/use-hydrated';

const loadDialog = () => import('./mobile-menu-dialog').then((module) => module.default);

/**
 * Phone navigation (DESIGN.md: the header collapses into it), with a search button beside it that
 * opens the sheet on its search bar. The sheet's code loads when a trigger is first hovered,
 * focused or pressed; the menu closes whenever the route changes.
 */
export function MobileMenu({ icons }: { icons: MenuIcons }) {
  const t = useTranslations('Header');
  const ts = useTranslations('SearchBar');
  const pathname = usePathname();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const ready = useUntilHydrated();
  const [focusSearch, setFocusSearch] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);

  // Navigation (a link, back/forward, a search) closes the menu: derive, don't sync in an effect.
  if (open && openedAt !== pathname) {
    setOpen(false);
  }

  const preload = () => void loadDialog();
  const show = (withSearch: boolean) => {
    setUsed(true);
    setFocusSearch(withSearch);
    setOpenedAt(pathname);
    setOpen(true);
  };
  return (
    <>
      {/* Phones have no room for the search bar in the header: this opens the menu on it. */}
      <button
        ref={searchRef}
        type="button"
        className={buttonClass('ghost', 'icon', 'md:hidden')}
        aria-label={ts('label')}
        aria-haspopup="dialog"
        {...ready}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => show(true)}
      >
        {icons.search}
      </button>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClass('ghost', 'icon', 'lg:hidden')}
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...ready}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => show(false)}
      >
        {icons.menu}
      </button>
      <LazyPart
        load={loadDialog}
        when={used}
        props={{
          open,
          onOpenChange: setOpen,
          returnFocusTo: focusSearch ? searchRef : triggerRef,
          focusSearch,
        }}
      />
    </>
  );
}
