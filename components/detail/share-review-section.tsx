'use client';

import { Image as ImageIcon } from 'lucide';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { retryImport } from '@/components/ui/lazy-part';
import { buttonClass } from '@/components/ui/button';
import { useUserRating } from '@/lib/stores/use-user-rating';
import { useHydrated } from '@/lib/stores/use-hydrated';

/**
 * The review-image dialog (components/share/share-review-dialog), loaded when the button is first
 * pressed: neither it nor the capture library is part of the detail page's first load.
 */
const ShareReviewDialog = dynamic(
  () =>
    retryImport(() => import('@/components/share/share-review-dialog')).then(
      (module) => module.ShareReviewDialog,
    ),
  { ssr: false },
);

/**
 * SPEC §2 'Compartilhar Avaliação': only with a saved rating, the button 'Criar Imagem para
 * Compartilhar' opens the dialog that generates the review image.
 */
export function ShareReviewSection({
  animeId,
  title,
  cover,
}: {
  animeId: number;
  title: string;
  cover: string | null;
}) {
  const t = useTranslations('ShareReview');
  const hydrated = useHydrated();
  const saved = useUserRating(animeId);
  const [open, setOpen] = useState(false);
  if (!hydrated || saved.rating <= 0) return null;
  return (
    <section aria-labelledby="share-review-title" className="flex flex-col gap-3" data-testid="share-review">
      <h2 id="share-review-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClass('secondary', 'md', 'justify-center')}
        onClick={() => setOpen(true)}
      >
        <Glyph icon={ImageIcon} aria-hidden className="size-4" />
        {t('createImage')}
      </button>
      {open && (
        <ShareReviewDialog
          open={open}
          onOpenChange={setOpen}
          anime={{ id: animeId, title, cover }}
          rating={saved.rating}
          opinion={saved.opinion}
        />
      )}
    </section>
  );
}
