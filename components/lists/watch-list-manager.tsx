'use client';

import { Bookmark, CheckCircle2, CirclePause, Eye, Trash2, XCircle, type IconNode } from 'lucide';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { useListOf, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { useListsHydrated } from '@/lib/stores/use-lists-hydrated';
import { showToast } from '@/lib/toast';
import { cn } from '@/lib/utils/cn';
import type { SnapshotCard } from '@/components/rating/rating-form';
import { rememberCard } from './seen-cards';

/** SPEC §2 order, plus on-hold ('Pausado') last. */
const BUTTONS: { type: ListType; icon: IconNode }[] = [
  { type: 'PLAN_TO_WATCH', icon: Bookmark },
  { type: 'WATCHING', icon: Eye },
  { type: 'COMPLETED', icon: CheckCircle2 },
  { type: 'DROPPED', icon: XCircle },
  { type: 'ON_HOLD', icon: CirclePause },
];

/**
 * SPEC §2/§4 watch-list manager: an anime is in at most one list; a list button moves it there
 * (aria-pressed marks the current one) and pressing the current one again takes it out of all.
 * Adding stores a card snapshot so the list pages render without a call. The card this page was
 * rendered with is also kept on the device (seen-cards), so an entry of a list restored from a
 * backup shows it even offline.
 */
export function WatchListManager({ animeId, card }: { animeId: number; card: SnapshotCard }) {
  const t = useTranslations('WatchList');
  const tLists = useTranslations('Lists');
  const hydrated = useListsHydrated();
  const current = useListOf(animeId);
  const toggle = useListsStore((state) => state.toggle);
  const remove = useListsStore((state) => state.remove);
  useEffect(() => rememberCard(animeId, card), [animeId, card]);
  const failed = (result: { ok: boolean }) => {
    if (!result.ok) showToast(tLists('updateUnavailable'), 'error');
  };

  return (
    <section aria-labelledby="watch-list-title" className="flex flex-col gap-3" data-testid="watch-list">
      <h2 id="watch-list-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <div className="grid grid-cols-2 gap-2" aria-busy={!hydrated}>
        {BUTTONS.map(({ type, icon: Icon }) => {
          const active = hydrated && current === type;
          return (
            <button
              key={type}
              type="button"
              disabled={!hydrated}
              aria-pressed={active}
              onClick={() => failed(toggle(animeId, type, { ...card, takenAt: new Date().toISOString() }))}
              className={buttonClass(
                active ? 'primary' : 'secondary',
                'md',
                cn('justify-start', type === 'ON_HOLD' && 'col-span-2'),
              )}
            >
              <Glyph icon={Icon} aria-hidden className="size-4 shrink-0" />
              {t(type)}
            </button>
          );
        })}
      </div>
      {hydrated && current !== null && (
        <button
          type="button"
          onClick={() => failed(remove(animeId))}
          className={buttonClass('danger', 'md', 'justify-center')}
        >
          <Glyph icon={Trash2} aria-hidden className="size-4" />
          {t('remove')}
        </button>
      )}
    </section>
  );
}
