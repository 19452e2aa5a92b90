'use client';

import { Link as LinkIcon, SearchX } from 'lucide';
import { useTranslations } from 'next-intl';
import { DetailErrorState } from './detail-error-state';

/**
 * SPEC §2/§8 'Anime não encontrado', with the way on: search and explore. A client component:
 * not-found.tsx gets no params, so it reads the language the layout already provides. `review`:
 * the same for a shared review link that is broken.
 */
export function DetailNotFound({ review = false }: { review?: boolean }) {
  const t = useTranslations('DetailError');
  return (
    <DetailErrorState
      icon={review ? LinkIcon : SearchX}
      iconClassName="size-14 text-muted"
      title={t(review ? 'reviewNotFoundTitle' : 'notFoundTitle')}
      text={t(review ? 'reviewNotFoundText' : 'notFoundText')}
    />
  );
}
