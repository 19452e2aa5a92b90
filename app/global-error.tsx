'use client';

import { useEffect } from 'react';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import './globals.css';

/**
 * Last-resort boundary for errors in the root layout itself. The intl provider may be what
 * failed, so the texts come from the catalogue directly, by the document's language.
 */

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error('[global-error]', error.digest ?? '', error.message);
  }, [error]);
  const isEnglish = typeof document !== 'undefined' && document.documentElement.lang.startsWith('en');
  const t = (isEnglish ? en : pt).ErrorBoundary;
  return (
    <html lang={isEnglish ? 'en' : 'pt-BR'}>
      <body className="bg-bg text-fg">
        <div role="alert" style={{ maxWidth: 560, margin: '6rem auto', padding: '0 1rem', textAlign: 'center' }}>
          <h1 style={{ fontSize: '2rem', fontWeight: 700 }}>{t.title}</h1>
          <p>{t.message}</p>
          <p style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 16 }}>
            <button type="button" onClick={reset} className="rounded-md bg-accent px-4 py-3 text-accent-fg">
              {t.retry}
            </button>
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="rounded-md border border-border px-4 py-3"
            >
              {t.reload}
            </button>
          </p>
        </div>
      </body>
    </html>
  );
}
