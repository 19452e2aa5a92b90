'use client';

import { Star } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { Button } from '@/components/ui/button';
import type { AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import {
  MAX_OPINION_LENGTH,
  MAX_RATING,
  ratingActions,
  ratingFeedbackKey,
  type RatingActionResult,
} from '@/lib/stores/ratings-store';
import { useUserRating } from '@/lib/stores/use-user-rating';
import { useHydrated } from '@/lib/stores/use-hydrated';
import { cn } from '@/lib/utils/cn';
import { stripInvisible } from '@/lib/utils/visible-text';
import { countValues } from '@/lib/i18n/format-count';

/** SPEC §9: the status message clears after 3 s. */
export const STATUS_CLEAR_MS = 3000;

export type SnapshotCard = Omit<AnimeSnapshot, 'takenAt'>;

interface RatingFormProps {
  animeId: number;
  /** Card data stored with the rating, so 'Meus Animes Avaliados' shows it without a call. */
  card: SnapshotCard;
  /** 'detail': 'Sua Avaliação' block with 'Remover'; 'edit': the edit page's form with 'Remover Avaliação'. */
  variant: 'detail' | 'edit';
  /** Called after a successful save (the edit page goes back to the detail page). */
  onSaved?: () => void;
}

/**
 * SPEC §2/§4 rating: five stars as a radio group 'Sua nota' ('1 estrela' … '5 estrelas'), the
 * label 'n/5' or 'Não Avaliado', an opinion, Save, and Remove only when a score above 0 is stored.
 * Renders once the page has hydrated, from this anime's rating key alone (useUserRating; per
 * visitor, never on the server); a save or a removal reads every rating first (ratingActions).
 */
export function RatingForm(props: RatingFormProps) {
  const t = useTranslations('Rating');
  const hydrated = useHydrated();
  const saved = useUserRating(props.animeId);
  // The status lives here, not in the fields: a removal restarts the fields (see the key below)
  // and the message must outlive that.
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const announce = (text: string, ok: boolean) => {
    clearTimeout(timer.current);
    setStatus({ text, ok });
    timer.current = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
  };

  if (!hydrated) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3" data-testid="rating-loading">
        <span className="sr-only">{t('loading')}</span>
        <div aria-hidden className="skeleton h-11 w-56 rounded-md" />
        <div aria-hidden className="skeleton h-24 w-full rounded-md" />
        <div aria-hidden className="skeleton h-11 w-28 rounded-md" />
      </div>
    );
  }
  // Keyed by the stored value: another tab's change (or a removal) restarts the draft from it.
  return (
    <div className="flex flex-col gap-2">
      <RatingFields key={`${saved.rating}:${saved.opinion}`} {...props} saved={saved} announce={announce} />
      <p
        role="status"
        aria-live="polite"
        className={cn('min-h-5 text-sm', status?.ok ? 'text-success' : 'text-error')}
        data-testid="rating-status"
      >
        {status?.text}
      </p>
    </div>
  );
}

function RatingFields({
  animeId,
  card,
  variant,
  onSaved,
  saved,
  announce,
}: RatingFormProps & {
  saved: { rating: number; opinion: string };
  announce: (text: string, ok: boolean) => void;
}) {
  const t = useTranslations('Rating');
  const locale = useLocale();
  const { saveRating, removeRating } = ratingActions;
  const [rating, setRating] = useState(saved.rating);
  const [opinion, setOpinion] = useState(saved.opinion);
  const id = useId();
  const report = (action: 'save' | 'remove', result: RatingActionResult) => {
    const key = ratingFeedbackKey(action, result);
    announce(t(key), result.ok);
  };

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="rating-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating < 1) {
          announce(t('chooseStars'), false);
          return;
        }
        const result = saveRating(animeId, rating, opinion, { ...card, takenAt: new Date().toISOString() });
        report('save', result);
        if (result.ok) onSaved?.();
      }}
    >
      <div className="flex flex-wrap items-center gap-3">
        <div role="radiogroup" aria-labelledby={`${id}-group`} className="flex items-center">
          <span id={`${id}-group`} className="sr-only">
            {t('group')}
          </span>
          {Array.from({ length: MAX_RATING }, (_, index) => {
            const value = index + 1;
            return (
              <label
                key={value}
                className="group relative flex size-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-text"
              >
                <input
                  type="radio"
                  name={`${id}-stars`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="peer sr-only"
                />
                <span className="sr-only">{t('star', countValues(value, locale))}</span>
                <Glyph
                  icon={Star}
                  aria-hidden
                  className={cn(
                    'size-8 transition-colors duration-150',
                    value <= rating ? 'fill-star text-star' : 'text-star-empty',
                  )}
                />
              </label>
            );
          })}
        </div>
        <span className="text-lg font-semibold" data-testid="rating-label">
          {rating > 0 ? t('value', { rating }) : t('notRated')}
        </span>
      </div>

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-opinion`} className="text-sm font-medium">
          {t('opinion')}
        </label>
        <textarea
          id={`${id}-opinion`}
          value={opinion}
          maxLength={MAX_OPINION_LENGTH}
          // What is typed or pasted is kept as it shows: no invisible or format characters.
          onChange={(event) =>
            setOpinion(stripInvisible(event.target.value.replace(/\t/g, ' '), { keepNewlines: true }))
          }
          placeholder={t('opinionPlaceholder')}
          rows={4}
          className="w-full rounded-md border border-border bg-surface px-3 py-2 text-base text-fg placeholder:text-muted focus-visible:border-accent"
        />
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary">
          {t('save')}
        </Button>
        {saved.rating > 0 && (
          <Button
            variant="danger"
            onClick={() => {
              report('remove', removeRating(animeId));
            }}
          >
            {variant === 'edit' ? t('removeRating') : t('remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
