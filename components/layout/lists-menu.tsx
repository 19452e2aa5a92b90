'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { listMenuItems } from '@/lib/routes';

/** 'Minhas Listas' dropdown (SPEC §2 Header). Radix gives keyboard support and focus return. */
export function ListsMenu() {
  const t = useTranslations('Header');
  const tl = useTranslations('Lists');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2">
        {t('myLists')}
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-48 rounded-md border border-border bg-surface p-1 shadow-md data-[state=open]:animate-fade-in"
        >
          {listMenuItems.map((item) => (
            <DropdownMenu.Item key={item.href} asChild>
              <Link
                href={item.href}
                className="flex min-h-11 items-center rounded-sm px-3 text-sm text-fg outline-none data-[highlighted]:bg-accent-soft data-[highlighted]:text-accent-text"
              >
                {tl(item.key)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
