'use client';

import { Menu } from 'lucide-react';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';

const loadDialog = () => import('./mobile-menu-dialog');
const MobileMenuDialog = dynamic(loadDialog, { ssr: false });

/**
 * Phone navigation (DESIGN.md: the header collapses into it). The sheet's code loads when the
 * trigger is first hovered, focused or pressed; the menu closes whenever the route changes.
 */
export function MobileMenu() {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);

  // Navigation (a link, back/forward, a search) closes the menu: derive, don't sync in an effect.
  if (open && openedAt !== pathname) {
    setOpen(false);
  }

  const preload = () => void loadDialog();
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClass('ghost', 'icon', 'lg:hidden')}
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpenedAt(pathname);
          setOpen(true);
        }}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {used && <MobileMenuDialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />}
    </>
  );
}
