'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { RefObject } from 'react';
import { searchIcons, themeIcons } from '@/components/ui/control-icons';
import { Glyph } from '@/components/ui/glyph';
import { AccessBadge } from '@/components/auth/access-badge';
import { UserMenu } from '@/components/auth/user-menu';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { SearchBar } from '@/components/search/search-bar';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { buttonClass } from '@/components/ui/button';
import { listMenuItems, routes } from '@/lib/routes';

/**
 * The mobile menu's sheet. Loaded on first use (mobile-menu.tsx), so Radix Dialog's code is not
 * part of every page. Radix traps focus and closes on Escape; focus returns to `returnFocusTo`.
 */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  returnFocusTo,
  focusSearch = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Opened from the header's search button: focus goes to the search bar. */
  focusSearch?: boolean;
}) {
  const t = useTranslations('Header');
  const tl = useTranslations('Lists');
  const pathname = usePathname();
  const close = () => onOpenChange(false);
  const linkClass =
    'flex min-h-11 items-center rounded-md px-3 text-base text-fg hover:bg-surface-2 aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent-text';
  const current = (href: string) => (pathname === href ? 'page' : undefined);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            if (!focusSearch) return;
            const input = (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input');
            if (!input) return;
            event.preventDefault();
            input.focus();
          }}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside this lazily loaded Root: hand focus back to it ourselves.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,90vw)] flex-col gap-4 overflow-y-auto border-l border-border bg-surface p-4 shadow-lg data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{t('menuTitle')}</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'icon')} aria-label={t('closeMenu')}>
              <Glyph icon={X} aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <SearchBar onSubmitted={close} icons={searchIcons()} />
          <nav aria-label={t('mainNav')} className="flex flex-col gap-1">
            <Link
              href={routes.home}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.home)}
            >
              {t('home')}
            </Link>
            <Link
              href={routes.explore}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.explore)}
            >
              {t('explore')}
            </Link>
            {/* Listings and the week are not prefetched (as in the header and footer): opening the
                menu would render them, at a cost in Jikan calls, for pages nobody chose. */}
            <Link
              href={routes.browse}
              prefetch={false}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.browse)}
            >
              {t('browse')}
            </Link>
            <Link
              href={routes.season}
              prefetch={false}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.season)}
            >
              {t('seasons')}
            </Link>
            <Link
              href={routes.forYou}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.forYou)}
            >
              {t('forYou')}
            </Link>
            <Link
              href={routes.schedule}
              prefetch={false}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.schedule)}
            >
              {t('schedule')}
            </Link>
            <Link
              href={routes.settings}
              onClick={close}
              className={linkClass}
              aria-current={current(routes.settings)}
            >
              {t('settings')}
            </Link>
            <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-muted uppercase">
              {t('myLists')}
            </p>
            {listMenuItems.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                onClick={close}
                className={linkClass}
                aria-current={current(item.href)}
              >
                {tl(item.key)}
              </Link>
            ))}
          </nav>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
            <UserMenu className="w-full justify-between" />
            <LanguageSwitcher />
            <ThemeToggle>{themeIcons()}</ThemeToggle>
            <AccessBadge />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
