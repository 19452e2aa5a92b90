'use client';

import { useEffect, useState } from 'react';
import './globals.css';

type Texts = { title: string; message: string; retry: string; reload: string };

/**
 * Last-resort boundary for errors in the root layout itself. The intl provider may be what
 * failed, so the texts come from the catalogue directly, by the document's language. The catalogue
 * is imported on demand: this component is part of every page's first-load JavaScript, and both
 * catalogues statically imported would add ~14 kB gzipped to every page.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [loaded, setLoaded] = useState<{ isEnglish: boolean; texts: Texts } | null>(null);
  const texts = loaded?.texts;
  const isEnglish = loaded?.isEnglish ?? false;
  useEffect(() => {
    console.error('[global-error]', error.digest ?? '', error.message);
  }, [error]);
  useEffect(() => {
    const english = document.documentElement.lang.startsWith('en');
    let live = true;
    const catalogue = english ? import('@/messages/en.json') : import('@/messages/pt.json');
    catalogue.then(
      (messages) => live && setLoaded({ isEnglish: english, texts: messages.default.ErrorBoundary }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <html lang={isEnglish ? 'en' : 'pt-BR'}>
      <body className="bg-bg text-fg">
        <div
          role="alert"
          aria-busy={texts ? undefined : true}
          style={{ maxWidth: 560, margin: '6rem auto', padding: '0 1rem', textAlign: 'center', minHeight: 160 }}
        >
          {texts && (
            <>
              <h1 style={{ fontSize: '2rem', fontWeight: 700 }}>{texts.title}</h1>
              <p>{texts.message}</p>
              <p style={{ display: 'flex', gap: 12, justifyContent: 'center', marginTop: 16 }}>
                <button type="button" onClick={reset} className="rounded-md bg-accent px-4 py-3 text-accent-fg">
                  {texts.retry}
                </button>
                <button
                  type="button"
                  onClick={() => window.location.reload()}
                  className="rounded-md border border-border px-4 py-3"
                >
                  {texts.reload}
                </button>
              </p>
            </>
          )}
        </div>
      </body>
    </html>
  );
}
