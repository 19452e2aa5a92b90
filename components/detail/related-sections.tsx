import { groupRelations, type RelationKind } from '@/lib/detail/franchise';
import type { Locale } from '@/lib/i18n/config';
import { storedCast } from '@/lib/jikan/cast';
import { franchiseAnswer, relatedCards, visibleRelatives, type RelatedCard } from '@/lib/jikan/related';
import type { AnimeDetails } from '@/lib/jikan/types';
import { CastSection } from './related/cast-section';
import { FranchiseSection } from './related/franchise-section';
import { RelatedDataProvider } from './related/related-data';
import { RelationsList, type RelationsGroupProps } from './related/relations-list';

/**
 * The detail page's relatives: the direct relations (server-rendered from the record and what is
 * learnt of each related anime, without any call), then the franchise in watch order and the cast:
 * what the server holds of them is in the page (cached with it, readable without JavaScript), and
 * the browser asks for the rest after the page (their calls never delay it). Anonymous and
 * adult-free like the rest of the cached page: a related anime whose record is not learnt yet
 * (its age rating unknown) or is adult is left out of the HTML, as unknown records are from
 * offline listings; the franchise answer brings those the visitor may see.
 */
export async function RelatedSections({ anime, locale }: { anime: AnimeDetails; locale: Locale }) {
  const { groups, adaptations } = groupRelations(anime.relations);
  const ids = groups.flatMap((group) => group.entries.map((entry) => entry.id));
  // A database still opening is not waited for: the rows then come with the franchise answer.
  const [cards, franchise, cast] = await Promise.all([
    ids.length ? relatedCards(ids, { waitForOpen: false }) : new Map<number, RelatedCard>(),
    franchiseAnswer(anime, { learn: false }).then((answer) => visibleRelatives(answer, false)),
    storedCast(anime.id),
  ]);
  // Only what is known to be safe is in the HTML (not even as data): an anime not learnt yet, or
  // adult, is named by the franchise answer, asked with the visitor's token after the page.
  const pending: { kind: RelationKind; id: number }[] = [];
  const shown: RelationsGroupProps[] = groups.map((group) => ({
    kind: group.kind,
    items: group.entries.flatMap((entry) => {
      const card = cards.get(entry.id);
      if (!card || card.adult) {
        pending.push({ kind: group.kind, id: entry.id });
        return [];
      }
      return [{ id: entry.id, name: entry.name, card }];
    }),
  }));

  return (
    <RelatedDataProvider animeId={anime.id} initial={franchise}>
      <RelationsList
        groups={shown}
        adaptations={adaptations.map((work) => work.name)}
        pending={pending}
        locale={locale}
      />
      <FranchiseSection animeId={anime.id} locale={locale} />
      <CastSection animeId={anime.id} locale={locale} initial={cast} />
    </RelatedDataProvider>
  );
}
