'use client';

import { ThumbsDown } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { AnimeCard } from '@/components/anime/anime-card';
import { animeTitle } from '@/lib/anime-display';
import type { Suggestion } from '@/lib/for-you/suggest';
import { useDismissedStore } from '@/lib/stores/dismissed-store';
import { showToast } from '@/lib/toast';
import { cn } from '@/lib/utils/cn';

/** How long the undo toast stays. */
const UNDO_TOAST_MS = 8000;

/** The reason under a suggestion: 'Porque você avaliou X com 5 estrelas', 'Continuação de X'… */
export function useSuggestionReason(): (suggestion: Suggestion) => string {
  const t = useTranslations('ForYou');
  const tLists = useTranslations('Lists');
  // No title anywhere yet (the server is still learning the record): the anime's number, never N/A.
  const name = (anime: { id: number; title: string | null }) =>
    anime.title ?? tLists('entryTitle', { id: anime.id });
  return ({ reason }) => {
    if (reason.kind === 'sequel') return t('reasonSequel', { title: name(reason.of) });
    const title = name(reason.seed);
    switch (reason.seed.reason.kind) {
      case 'rated':
        return t('reasonRated', { title, stars: reason.seed.reason.stars });
      case 'completed':
        return t('reasonCompleted', { title });
      case 'watching':
        return t('reasonWatching', { title });
    }
  };
}

/**
 * A suggestion: the anime's card with its reason, and 'Não tenho interesse', which hides it for
 * good on this device (an undo toast follows).
 */
export function SuggestionCard({ suggestion, className }: { suggestion: Suggestion; className?: string }) {
  const t = useTranslations('ForYou');
  const locale = useLocale();
  const reasonOf = useSuggestionReason();
  const dismiss = useDismissedStore((state) => state.dismiss);
  const undo = useDismissedStore((state) => state.undo);
  const { anime } = suggestion;
  const title = animeTitle(anime, locale) ?? String(anime.id);

  return (
    <div className={cn('flex h-full flex-col gap-1.5', className)} data-testid="suggestion">
      <AnimeCard
        anime={anime}
        className="h-auto"
        note={
          <p className="line-clamp-3 h-12 text-xs leading-4 text-muted" data-testid="suggestion-reason">
            {reasonOf(suggestion)}
          </p>
        }
      />
      <button
        type="button"
        aria-label={t('dismissLabel', { title })}
        onClick={() => {
          dismiss(anime.id);
          showToast(t('dismissed', { title }), 'info', UNDO_TOAST_MS, {
            label: t('undo'),
            onClick: () => undo(anime.id),
          });
        }}
        className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-muted hover:bg-surface-2 hover:text-fg"
      >
        <Glyph icon={ThumbsDown} aria-hidden className="size-4" />
        {t('dismiss')}
      </button>
    </div>
  );
}
