'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiGet } from '@/lib/api-client';
import type { AnimeDetails } from '@/lib/jikan/types';

const ShareReviewDialog = dynamic(() => import('@/components/share/share-review-dialog').then((m) => m.ShareReviewDialog), {
  ssr: false,
});

/** SPEC §2 Test page: try the review image with any rating and opinion, for anime 1. */
const SAMPLE_ID = 1;

export function ShareReviewTester() {
  const t = useTranslations('TestPage');
  const id = useId();
  const [rating, setRating] = useState(5);
  const [opinion, setOpinion] = useState('');
  const [anime, setAnime] = useState<{ id: number; title: string; cover: string | null } | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const start = async () => {
    if (loading) return;
    setError(null);
    setLoading(true);
    try {
      const { data } = await apiGet<{ data: AnimeDetails }>(`/api/anime/${SAMPLE_ID}`);
      setAnime({ id: data.id, title: data.title ?? String(data.id), cover: data.images.cover });
      setOpen(true);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-surface p-4">
      <label htmlFor={`${id}-rating`} className="text-sm font-medium">
        {t('shareRating')}
      </label>
      <select
        id={`${id}-rating`}
        value={rating}
        onChange={(event) => setRating(Number(event.target.value))}
        className="min-h-11 w-32 rounded-md border border-border bg-bg px-3"
      >
        {[1, 2, 3, 4, 5].map((value) => (
          <option key={value} value={value}>
            {value}/5
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-opinion`} className="text-sm font-medium">
        {t('shareOpinion')}
      </label>
      <textarea
        id={`${id}-opinion`}
        value={opinion}
        onChange={(event) => setOpinion(event.target.value)}
        rows={3}
        className="rounded-md border border-border bg-bg p-3"
      />
      <Button className="self-start" onClick={() => void start()} aria-busy={loading || undefined}>
        {/* Not disabled while loading: a disabled button drops focus, and focus must return here. */}
        {t('shareCreate', { id: SAMPLE_ID })}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      {anime && <ShareReviewDialog anime={anime} rating={rating} opinion={opinion} open={open} onOpenChange={setOpen} />}
    </div>
  );
}
