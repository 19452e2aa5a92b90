'use client';

import { TriangleAlert } from 'lucide';
import { Glyph } from '@/components/ui/glyph';
import { Button } from '@/components/ui/button';

type Labels = { title: string; message: string; reload: string; retry: string };

/** 'Algo deu errado' screen (SPEC §2 Other UI, §4 Error boundary). */
export function ErrorScreen({ labels, onRetry }: { labels: Labels; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Glyph icon={TriangleAlert} aria-hidden className="size-14 text-error" />
      <h1 className="text-2xl font-bold">{labels.title}</h1>
      <p className="text-muted">{labels.message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="primary" onClick={onRetry}>
          {labels.retry}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {labels.reload}
        </Button>
      </div>
    </div>
  );
}
