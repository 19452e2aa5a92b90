'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { BellOff, Check, CheckCheck, Trash2, X } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState, type RefObject } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import {
  desktopPermission,
  requestDesktopPermission,
  type DesktopPermission,
} from '@/lib/desktop-notifications';
import { unreadCount, useNotificationsStore } from '@/lib/stores/notifications-store';
import { cn } from '@/lib/utils/cn';
import { notificationText } from './notification-text';
import { countValues } from '@/lib/i18n/format-count';

/**
 * The notification panel (SPEC §3, §4: read one or all, remove one or clear all). A Radix dialog
 * sheet: focus is trapped, Escape closes, focus returns to the bell. Loaded on first use.
 */
export default function NotificationPanel({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('Notifications');
  const locale = useLocale();
  const notifications = useNotificationsStore((state) => state.notifications);
  const wantsDesktop = useNotificationsStore((state) => state.preferences.desktopNotifications);
  const { markRead, markAllRead, remove, clearAll } = useNotificationsStore.getState();
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const unread = unreadCount(notifications);
  const formatter = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-testid="notification-panel"
          onCloseAutoFocus={(event) => {
            // The bell lives outside this lazily loaded Root: hand focus back to it ourselves.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(26rem,100vw)] flex-col border-l border-border bg-surface shadow-lg data-[state=open]:animate-fade-in"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border p-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">{t('title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted" data-testid="notification-summary">
                {t('unreadSummary', countValues(unread, locale))}
              </Dialog.Description>
            </div>
            <Dialog.Close className={buttonClass('ghost', 'icon')} aria-label={t('close')}>
              <Glyph icon={X} aria-hidden className="size-5" />
            </Dialog.Close>
          </div>

          {notifications.length > 0 && (
            <div className="flex flex-wrap gap-2 border-b border-border px-4 py-3">
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                disabled={unread === 0}
                onClick={markAllRead}
              >
                <Glyph icon={CheckCheck} aria-hidden className="size-4" />
                {t('markAllRead')}
              </button>
              <button type="button" className={buttonClass('danger', 'sm')} onClick={clearAll}>
                <Glyph icon={Trash2} aria-hidden className="size-4" />
                {t('clearAll')}
              </button>
            </div>
          )}

          {wantsDesktop && permission === 'default' && (
            <div className="border-b border-border px-4 py-3 text-sm">
              <p className="mb-2 text-muted">{t('desktopHint')}</p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                onClick={() => void requestDesktopPermission().then(setPermission)}
              >
                {t('enableDesktop')}
              </button>
            </div>
          )}

          {notifications.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted">
              <Glyph icon={BellOff} aria-hidden className="size-10" />
              <p>{t('empty')}</p>
            </div>
          ) : (
            <ul className="flex-1 overflow-y-auto" aria-label={t('listLabel')}>
              {notifications.map((notification) => {
                const { title, message } = notificationText(notification, t);
                const url = notification.data.actionUrl;
                return (
                  <li
                    key={notification.id}
                    data-testid="notification-item"
                    data-read={notification.read}
                    className={cn(
                      'flex gap-3 border-b border-border px-4 py-3',
                      !notification.read && 'bg-accent-soft/60',
                    )}
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'mt-2 size-2 shrink-0 rounded-full',
                        notification.read ? 'bg-transparent' : 'bg-accent',
                      )}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">
                        {!notification.read && <span className="sr-only">{t('unread')}: </span>}
                        {title}
                      </p>
                      <p className="text-sm break-words">{message}</p>
                      <p className="mt-1 text-xs text-muted">
                        <time dateTime={notification.timestamp}>
                          {formatter.format(new Date(notification.timestamp))}
                        </time>
                      </p>
                      {url && (
                        <Link
                          href={url}
                          className="mt-1 inline-flex min-h-9 items-center text-sm font-medium text-accent-text underline-offset-4 hover:underline"
                          onClick={() => {
                            markRead(notification.id);
                            onOpenChange(false);
                          }}
                        >
                          {t('open')}
                        </Link>
                      )}
                    </div>
                    <div className="flex shrink-0 flex-col gap-1">
                      {!notification.read && (
                        <button
                          type="button"
                          className={buttonClass('ghost', 'icon')}
                          aria-label={t('markRead', { title })}
                          title={t('markRead', { title })}
                          onClick={() => markRead(notification.id)}
                        >
                          <Glyph icon={Check} aria-hidden className="size-4" />
                        </button>
                      )}
                      <button
                        type="button"
                        className={buttonClass('ghost', 'icon')}
                        aria-label={t('remove', { title })}
                        title={t('remove', { title })}
                        onClick={() => remove(notification.id)}
                      >
                        <Glyph icon={Trash2} aria-hidden className="size-4" />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
