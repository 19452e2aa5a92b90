'use client';

import { useTranslations } from 'next-intl';
import type { RelationKind } from '@/lib/detail/franchise';
import type { RelatedCard } from '@/lib/jikan/related';
import { RelatedRow, type RelatedItem } from './related-card';
import { useRelatedData } from './related-data';

export interface RelationsGroupProps {
  kind: RelationKind;
  items: RelatedItem[];
}

/**
 * 'Títulos relacionados': the direct relations grouped by kind, rendered on the server (readable
 * without JavaScript, in the cached page) from what is learnt of each related anime. An adult
 * relative is left out of that anonymous HTML; for a verified adult, the franchise answer (asked
 * with the ID token) brings its card and it takes its place.
 */
export function RelationsList({
  groups,
  adaptations,
  hidden,
  locale,
}: {
  groups: RelationsGroupProps[];
  adaptations: string[];
  /** Related anime left out of the server's HTML (adult), by kind. */
  hidden: { kind: RelationKind; id: number; name: string }[];
  locale: string;
}) {
  const t = useTranslations('Related');
  const related = useRelatedData();
  const adultCards = new Map<number, RelatedCard>();
  if (related.status === 'ready')
    for (const card of related.data.related) if (card.adult) adultCards.set(card.id, card);
  const shown = groups.map((group) => ({
    ...group,
    items: [
      ...group.items,
      ...hidden
        .filter((entry) => entry.kind === group.kind && adultCards.has(entry.id))
        .map((entry) => ({ id: entry.id, name: entry.name, card: adultCards.get(entry.id)! })),
    ],
  }));
  for (const entry of hidden) {
    if (!adultCards.has(entry.id) || shown.some((group) => group.kind === entry.kind)) continue;
    shown.push({
      kind: entry.kind,
      items: [{ id: entry.id, name: entry.name, card: adultCards.get(entry.id)! }],
    });
  }
  const visible = shown.filter((group) => group.items.length > 0);
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
      {adaptations.length > 0 && (
        <p className="text-sm" data-testid="adaptations">
          <span className="font-semibold text-muted">{t('adaptations')}: </span>
          {adaptations.join(' · ')}
        </p>
      )}
    </section>
  );
}
