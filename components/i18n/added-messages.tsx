'use client';

import { NextIntlClientProvider, useLocale, useMessages, type Messages } from 'next-intl';
import { useMemo } from 'react';

/**
 * A provider for a subtree with the surrounding messages plus `messages`: the page sends only
 * what it adds, and what the layout already sent is not sent twice.
 */
export function AddedMessages({
  messages,
  children,
}: {
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  const outer = useMessages();
  const merged = useMemo(() => ({ ...outer, ...messages }) as Messages, [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
