import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/config';
import { getSynopsisPt } from '@/lib/translate/synopsis';
import { SynopsisToggle } from './synopsis-toggle';

/** SPEC §2 synopsis: paragraphs, then the credit line the cleaner pulled out. */
export async function SynopsisSection({
  credit,
  locale,
  children,
}: {
  credit: string | null;
  locale: Locale;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'Detail' });
  return (
    <section aria-labelledby="synopsis-title" className="flex flex-col gap-3">
      <h2 id="synopsis-title" className="text-xl font-bold">
        {t('synopsis')}
      </h2>
      {children}
      {credit && (
        <p className="text-sm text-muted italic" data-testid="synopsis-credit">
          {t('creditLabel')}: {credit}
        </p>
      )}
    </section>
  );
}

/**
 * The synopsis paragraphs. With `id` (Portuguese interface) the server's translation of that
 * anime's synopsis, with 'mostrar original'; the original when the translator failed.
 */
export async function TranslatedSynopsis({
  id,
  original,
  locale,
}: {
  id?: number;
  original: string[];
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: 'Detail' });
  if (original.length === 0) return <p className="text-muted">{t('noSynopsis')}</p>;
  if (id === undefined) return <Paragraphs paragraphs={original} />;
  const translated = await getSynopsisPt(id);
  if (!translated) {
    return (
      <>
        <Paragraphs paragraphs={original} />
        <p className="text-xs text-muted" data-testid="translation-failed">
          {t('translationFailed')}
        </p>
      </>
    );
  }
  return <SynopsisToggle translated={translated} original={original} />;
}

export function Paragraphs({ paragraphs, lang }: { paragraphs: string[]; lang?: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed" data-testid="synopsis" lang={lang}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
