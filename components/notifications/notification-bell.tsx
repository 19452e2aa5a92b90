'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { LazyPart, useLoaded } from '@/components/ui/lazy-part';
import { cn } from '@/lib/utils/cn';
import { countValues } from '@/lib/i18n/format-count';

const loadPanel = () => import('./notification-panel').then((module) => module.default);
const loadStore = () => import('@/lib/stores/notifications-store');

/** The unread count, from the notifications store once it has loaded (0 until then, as on the server). */
function useUnreadCount(): number {
  const store = useLoaded(loadStore);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!store) return;
    const read = () => setUnread(store.unreadCount(store.useNotificationsStore.getState().notifications));
    read();
    return store.useNotificationsStore.subscribe(read);
  }, [store]);
  return unread;
}

/**
 * The header's bell with the unread count (SPEC §3 Notification). The header is on every page, so
 * only this button ships with it: the notifications store loads after hydration, and the panel's
 * code when the bell is first hovered, focused or pressed (same pattern as the mobile menu).
 */
export function NotificationBell({ className, icon }: { className?: string; icon: React.ReactNode }) {
  const t = useTranslations('Notifications');
  const locale = useLocale();
  const count = useUnreadCount();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const preload = () => void loadPanel();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        data-testid="notification-bell"
        className={buttonClass('ghost', 'icon', cn('relative', className))}
        // The name holds the count as shown on the badge (99+ above 99): what is seen is what is heard.
        aria-label={t('bellLabel', {
          ...countValues(count, locale),
          ...(count > 99 && { formatted: '99+' }),
        })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {icon}
        {count > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[0.6875rem] leading-5 font-bold text-accent-fg"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <LazyPart
        load={loadPanel}
        when={used}
        props={{ open, onOpenChange: setOpen, returnFocusTo: triggerRef }}
      />
    </>
  );
}
