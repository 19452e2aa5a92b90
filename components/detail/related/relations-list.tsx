'use client';

import { useTranslations } from 'next-intl';
import { RELATION_KINDS, type RelationKind } from '@/lib/detail/franchise';
import type { RelatedCard } from '@/lib/jikan/related';
import { RelatedRow, type RelatedItem } from './related-card';
import { useRelatedData } from './related-data';

export interface RelationsGroupProps {
  kind: RelationKind;
  items: RelatedItem[];
}

/**
 * 'Títulos relacionados': the direct relations grouped by kind, rendered on the server (readable
 * without JavaScript, in the cached page) with every related anime known to be safe. The others
 * (`pending`: not learnt yet, or adult) are named once the franchise answer, asked with the
 * visitor's token, brings their cards: those learnt since and, for a verified adult, adult ones.
 */
export function RelationsList({
  groups,
  adaptations,
  pending,
  locale,
}: {
  groups: RelationsGroupProps[];
  adaptations: string[];
  /** Related anime left out of the server's HTML, by kind. */
  pending: { kind: RelationKind; id: number }[];
  locale: string;
}) {
  const t = useTranslations('Related');
  const related = useRelatedData();
  const cards = new Map<number, RelatedCard>();
  if (related.status === 'ready') for (const card of related.data.related) cards.set(card.id, card);
  const filled = (kind: RelationKind) =>
    pending.flatMap((entry) => {
      const card = entry.kind === kind ? cards.get(entry.id) : undefined;
      return card ? [{ id: card.id, name: card.title ?? String(card.id), card }] : [];
    });
  const kinds = RELATION_KINDS.filter(
    (kind) => groups.some((group) => group.kind === kind) || pending.some((entry) => entry.kind === kind),
  );
  const visible = kinds
    .map((kind) => ({
      kind,
      items: [...(groups.find((group) => group.kind === kind)?.items ?? []), ...filled(kind)],
    }))
    .filter((group) => group.items.length > 0);
  const waiting = pending.some((entry) => !cards.has(entry.id));
  if (visible.length === 0 && adaptations.length === 0) return null;

  return (
    <section aria-labelledby="relations-title" className="space-y-4" data-testid="relations">
      <h2 id="relations-title" className="text-lg font-bold sm:text-xl">
        {t('relationsTitle')}
      </h2>
      {visible.map((group) => (
        <div key={group.kind} className="space-y-2" data-testid={`relation-${group.kind}`}>
          <h3 className="text-sm font-semibold text-muted">{t(`kinds.${group.kind}`)}</h3>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {group.items.map((item) => (
              <li key={item.id}>
                <RelatedRow item={item} locale={locale} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {waiting && related.status !== 'loading' && (
        <p className="text-sm text-muted" data-testid="relations-pending">
          {t('relationsPending')}
        </p>
      )}
      {adaptations.length > 0 && (
        <p className="text-sm" data-testid="adaptations">
          <span className="font-semibold text-muted">{t('adaptations')}: </span>
          {adaptations.join(' · ')}
        </p>
      )}
    </section>
  );
}
