import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { DetailNotFound } from './detail-not-found';

/**
 * 'Anime não encontrado' with status 404, whole in the HTML. A notFound() thrown by the page
 * itself sends Next's empty error shell (the not-found view only in the data the browser renders),
 * unreadable without JavaScript or by a crawler. Thrown inside a Suspense boundary, it sets the
 * status to 404 while the HTML keeps what was rendered around it: here the boundary's fallback is
 * the not-found view itself. In the browser the boundary then meets the same notFound(), and the
 * segment's not-found.tsx shows the same view.
 */
export function AnimeNotFoundAnswer() {
  return (
    <Suspense fallback={<DetailNotFound />}>
      <NotFoundSignal />
    </Suspense>
  );
}

async function NotFoundSignal(): Promise<never> {
  notFound();
}
