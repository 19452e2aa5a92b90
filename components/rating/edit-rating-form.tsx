'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { routes } from '@/lib/routes';
import { RatingForm, type SnapshotCard } from './rating-form';

/** SPEC §2/§9: after a successful save the edit page returns to the detail page after 1.2 s. */
export const RETURN_AFTER_SAVE_MS = 1200;

export function EditRatingForm({ animeId, card }: { animeId: number; card: SnapshotCard }) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <RatingForm
      animeId={animeId}
      card={card}
      variant="edit"
      onSaved={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => router.push(routes.anime(animeId)), RETURN_AFTER_SAVE_MS);
      }}
    />
  );
}
