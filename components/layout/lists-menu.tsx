'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { listMenuItems } from '@/lib/routes';
import { useUntilHydrated } from '@/lib/stores/use-hydrated';
import { cn } from '@/lib/utils/cn';

/**
 * 'Minhas Listas' (SPEC §2 Header) as a disclosure navigation: a button that shows a list of
 * plain links (the WAI-ARIA pattern for site navigation; role=menu is for application menus).
 * Arrow keys move between the links; Escape, an outside click, leaving it or navigating closes it.
 */
export function ListsMenu({ chevron }: { chevron: React.ReactNode }) {
  const t = useTranslations('Header');
  const tl = useTranslations('Lists');
  const pathname = usePathname();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const ready = useUntilHydrated();
  const [openedAt, setOpenedAt] = useState(pathname);

  if (open && openedAt !== pathname) {
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const show = (focus?: 'first' | 'last') => {
    setOpenedAt(pathname);
    setOpen(true);
    if (focus) requestAnimationFrame(() => (focus === 'first' ? links()[0] : links().at(-1))?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) return show(event.key === 'ArrowDown' ? 'first' : 'last');
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    all[(index + step + all.length) % all.length]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        {...ready}
        onClick={() => (open ? setOpen(false) : show())}
        className={cn(
          'inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-fg hover:bg-surface-2 xl:px-3',
          open && 'bg-surface-2',
        )}
      >
        {t('myLists')}
        <span className={cn('inline-flex transition-transform duration-150', open && 'rotate-180')}>
          {chevron}
        </span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 min-w-48 rounded-md border border-border bg-surface p-1 shadow-md"
      >
        {listMenuItems.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={() => setOpen(false)}
              aria-current={pathname === item.href ? 'page' : undefined}
              className="flex min-h-11 items-center rounded-sm px-3 text-sm text-fg outline-none hover:bg-accent-soft hover:text-accent-text focus-visible:bg-accent-soft focus-visible:text-accent-text aria-[current=page]:font-semibold"
            >
              {tl(item.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
