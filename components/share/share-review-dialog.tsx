'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type Html2Canvas from 'html2canvas-pro';
import { Download, Link2, Loader2, RotateCcw, Share2, X } from 'lucide';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button, buttonClass } from '@/components/ui/button';
import { copyText } from '@/lib/detail/copy-text';
import { logger } from '@/lib/logger';
import {
  REVIEW_IMAGE_SCALE,
  reviewFileName,
  sameOriginCover,
  truncateOpinion,
  twitterIntentUrl,
} from '@/lib/share/review-image';
import { reviewHref } from '@/lib/share/review-link';
import { ReviewCard } from './review-card';

export type ShareReviewDialogProps = {
  anime: { id: number; title: string; cover: string | null };
  rating: number;
  opinion: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type ImageState =
  | { status: 'idle' }
  | { status: 'generating' }
  | { status: 'ready'; dataUrl: string }
  | { status: 'error'; reason: string };

class CaptureError extends Error {}

/**
 * Resolves when the card's cover has loaded and its font is there (or failed: the card then shows
 * without the cover, in the fallback font). The page may not have fetched Inter yet (a first
 * visit, Save-Data: lib/fonts/font-ready.ts), and the capture draws whatever font is loaded.
 */
async function cardReady(element: HTMLElement): Promise<void> {
  const font =
    'fonts' in document
      ? document.fonts.load(`400 16px ${getComputedStyle(element).fontFamily}`).catch(() => undefined)
      : undefined;
  await Promise.all([
    font,
    ...Array.from(element.querySelectorAll('img')).map((img) =>
      img.complete ? Promise.resolve() : img.decode().catch(() => undefined),
    ),
  ]);
}

/**
 * 'Compartilhar Avaliação' (SPEC §2, §4, §8, §9). Opening generates the image when there is none
 * and no error is shown; the states are spinner, error with 'Tentar Novamente', or the preview with
 * download, Twitter and (where the browser can share files) native share. Closing resets. The
 * capture library (html2canvas-pro) loads only here, on first generation. Radix traps focus,
 * closes on Escape and returns focus to the button that opened it.
 */
export function ShareReviewDialog({ anime, rating, opinion, open, onOpenChange }: ShareReviewDialogProps) {
  const t = useTranslations('Share');
  const tc = useTranslations('Common');
  const [image, setImage] = useState<ImageState>({ status: 'idle' });
  const [shareMessage, setShareMessage] = useState<string | null>(null);
  const [linkCopied, setLinkCopied] = useState<boolean | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const run = useRef(0);

  const generate = useCallback(async () => {
    const attempt = ++run.current;
    setImage({ status: 'generating' });
    setShareMessage(null);
    try {
      let html2canvas: typeof Html2Canvas;
      try {
        html2canvas = (await import('html2canvas-pro')).default;
      } catch (error) {
        logger.error('html2canvas failed to load', error, 'share');
        throw new CaptureError(t('noLibrary'));
      }
      const element = cardRef.current;
      if (!element) throw new CaptureError(t('noElement'));
      await cardReady(element);
      const canvas = await html2canvas(element, {
        scale: REVIEW_IMAGE_SCALE,
        backgroundColor: null,
        useCORS: true,
        logging: false,
      });
      const dataUrl = canvas.toDataURL('image/png');
      if (attempt === run.current) setImage({ status: 'ready', dataUrl });
    } catch (error) {
      logger.error('Review image generation failed', error, 'share');
      const reason =
        error instanceof CaptureError
          ? error.message
          : error instanceof Error && error.message
            ? error.message
            : t('generateFailed');
      if (attempt === run.current) setImage({ status: 'error', reason });
    }
  }, [t]);

  // SPEC §4: opening generates when no image exists and no error is shown.
  useEffect(() => {
    if (open && image.status === 'idle') {
      // The card is in the dialog's portal: wait one frame for it to be laid out.
      const frame = requestAnimationFrame(() => void generate());
      return () => cancelAnimationFrame(frame);
    }
  }, [open, image.status, generate]);

  const change = (next: boolean) => {
    if (!next) {
      // Closing resets (SPEC §4).
      run.current += 1;
      setImage({ status: 'idle' });
      setShareMessage(null);
      setLinkCopied(null);
    }
    onOpenChange(next);
  };

  // Rendered only after the user opened the dialog, so `navigator` exists here.
  const canShareFiles = image.status === 'ready' && typeof navigator.share === 'function';
  const fileName = reviewFileName(anime.title);
  // The review page: the link carries the score and opinion, and previews as the card.
  const reviewPath = reviewHref({ id: anime.id, rating, opinion });
  const reviewUrl =
    typeof window === 'undefined' ? reviewPath : new URL(reviewPath, window.location.origin).href;

  const copyReviewLink = async () => {
    setLinkCopied(await copyText(reviewUrl));
  };

  const shareNative = async () => {
    if (image.status !== 'ready') return;
    setShareMessage(null);
    try {
      const response = await fetch(image.dataUrl);
      if (response.status === 429) {
        setShareMessage(t('rateLimited'));
        return;
      }
      const file = new File([await response.blob()], fileName, { type: 'image/png' });
      if (!navigator.canShare?.({ files: [file] })) {
        setShareMessage(t('notShareable'));
        return;
      }
      await navigator.share({ files: [file], title: anime.title, text: `${anime.title} — ${rating}/5` });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      logger.warn('Native share failed', error, 'share');
      setShareMessage(t('shareError'));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in" />
        {/* The card that is captured, outside the dialog box (its transform and scrolling would clip
          it), laid out off screen, hidden from assistive technology. */}
        <div aria-hidden className="pointer-events-none fixed top-0 left-[-10000px]">
          <ReviewCard
            ref={cardRef}
            title={anime.title}
            cover={sameOriginCover(anime.cover)}
            rating={rating}
            opinion={truncateOpinion(opinion) ?? t('noOpinion')}
            ratingLabel={`${rating}/5`}
            brand={tc('appName')}
            coverAlt=""
          />
        </div>

        <Dialog.Content
          aria-describedby={undefined}
          data-testid="share-review-dialog"
          // Opened from any button (no Radix Trigger): remember it and give focus back on close.
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo.current?.isConnected) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[min(30rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-border bg-surface p-4 shadow-lg data-[state=open]:animate-fade-in sm:p-6"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">{t('reviewTitle')}</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'icon')} aria-label={tc('close')}>
              <Glyph icon={X} aria-hidden className="size-5" />
            </Dialog.Close>
          </div>

          <div
            aria-live="polite"
            aria-busy={image.status === 'generating'}
            className="flex min-h-40 flex-col items-center justify-center"
          >
            {(image.status === 'generating' || image.status === 'idle') && (
              <p className="flex items-center gap-2 text-muted" role="status">
                <Glyph icon={Loader2} aria-hidden className="size-5 animate-spin" />
                {t('generatingLong')}
              </p>
            )}
            {image.status === 'error' && (
              <div role="alert" className="flex flex-col items-center gap-3 text-center">
                <p className="text-error">
                  {t('errorPrefix')} {image.reason}
                </p>
                <Button variant="secondary" onClick={() => void generate()}>
                  <Glyph icon={RotateCcw} aria-hidden className="size-4" />
                  {t('tryAgain')}
                </Button>
              </div>
            )}
            {image.status === 'ready' && (
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={image.dataUrl}
                alt={t('preview')}
                data-testid="share-review-preview"
                className="h-auto w-full max-w-[400px] rounded-md"
              />
            )}
          </div>

          {image.status === 'ready' && (
            <div className="flex flex-wrap justify-center gap-2">
              <a href={image.dataUrl} download={fileName} className={buttonClass('primary')}>
                <Glyph icon={Download} aria-hidden className="size-4" />
                {t('download')}
              </a>
              <a
                href={twitterIntentUrl({ title: anime.title, rating, opinion, url: reviewUrl })}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('secondary')}
              >
                {t('shareTwitter')}
              </a>
              {canShareFiles && (
                <Button variant="secondary" onClick={() => void shareNative()}>
                  <Glyph icon={Share2} aria-hidden className="size-4" />
                  {t('shareNative')}
                </Button>
              )}
            </div>
          )}
          {shareMessage && (
            <p role="status" className="text-center text-sm text-warning">
              {shareMessage}
            </p>
          )}

          <div className="flex flex-col gap-2 border-t border-border pt-4">
            <label htmlFor="share-review-link" className="text-sm font-semibold">
              {t('reviewLink')}
            </label>
            <div className="flex gap-2">
              <input
                id="share-review-link"
                readOnly
                value={reviewUrl}
                onFocus={(event) => event.currentTarget.select()}
                aria-describedby="share-review-link-hint"
                className="min-w-0 flex-1 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm"
              />
              <Button variant="secondary" onClick={() => void copyReviewLink()}>
                <Glyph icon={Link2} aria-hidden className="size-4" />
                {t('copyLink')}
              </Button>
            </div>
            <p id="share-review-link-hint" className="text-xs text-muted">
              {t('reviewLinkHint')}
            </p>
            {linkCopied !== null && (
              <p role="status" className={linkCopied ? 'text-sm text-success' : 'text-sm text-error'}>
                {linkCopied ? t('linkCopied') : t('copyFailed')}
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
