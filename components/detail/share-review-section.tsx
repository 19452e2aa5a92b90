'use client';

import { ImageIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type ComponentType } from 'react';
import { buttonClass } from '@/components/ui/button';
import { useUserRating } from '@/lib/stores/ratings-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';

/** What this section hands the review-image dialog (the sharing issue builds the dialog). */
export interface ShareReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  animeId: number;
  title: string;
  cover: string | null;
  rating: number;
  opinion: string;
}

/**
 * The review-image dialog, components/share/share-review-dialog (the sharing issue). It does not
 * exist on this branch yet, so the section renders nothing until it is wired here, e.g.
 * `dynamic(() => import('@/components/share/share-review-dialog'), { ssr: false })`: a button that
 * opened nothing would be a stub.
 */
const ShareReviewDialog: ComponentType<ShareReviewDialogProps> | null = null;

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
  const hydrated = useStoresHydrated();
  const saved = useUserRating(animeId);
  const [open, setOpen] = useState(false);
  if (!ShareReviewDialog || !hydrated || saved.rating <= 0) return null;
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
        <ImageIcon aria-hidden className="size-4" />
        {t('createImage')}
      </button>
      {open && (
        <ShareReviewDialog
          open={open}
          onOpenChange={setOpen}
          animeId={animeId}
          title={title}
          cover={cover}
          rating={saved.rating}
          opinion={saved.opinion}
        />
      )}
    </section>
  );
}
