import { seasonOf, seasonRange, type Season } from './dates';
import { compareText, page, TYPE_BY_JIKAN, type Entry } from './records';

/**
 * What premiered this season (by air dates in Japan), as /seasons/now lists it. When the
 * catalogue is older than the season (bangumi-data is a snapshot), the latest season it has
 * premieres for stands in, and says which it is. `type` is Jikan's season filter (default tv).
 */
export function seasonCatalogue(
  entries: ReadonlyMap<number, Entry>,
  { type = 'tv', page: pageNumber, limit }: { type?: string; page: number; limit: number },
  today: string,
): { ids: number[]; hasNextPage: boolean; season: Season } {
  const current = seasonOf(today) ?? { season: 'winter', year: 1970 };
  const wanted = TYPE_BY_JIKAN[type];
  if (!wanted) return { ids: [], hasNextPage: false, season: current };
  const currentUntil = seasonRange(current).until;
  const candidates = [...entries.values()].filter(
    ({ record }) => record.type === wanted && record.begin && record.begin < currentUntil,
  );
  // The latest premiere before the current season ends names the season to list.
  let latest = '';
  for (const { record } of candidates) if (record.begin > latest) latest = record.begin;
  const season = seasonOf(latest);
  if (!season) return { ids: [], hasNextPage: false, season: current };
  return { ...premieres(candidates, season, pageNumber, limit), season };
}

/** What premiered in `season`, the most widely streamed first (a stand-in for popularity). */
function premieres(
  candidates: readonly Entry[],
  season: Season,
  pageNumber: number,
  limit: number,
  { from, until } = seasonRange(season),
): { ids: number[]; hasNextPage: boolean } {
  const ordered = candidates
    .filter(({ record }) => record.begin >= from && record.begin < until)
    .sort(
      (a, b) =>
        (b.record.links?.length ?? 0) - (a.record.links?.length ?? 0) ||
        compareText(a.record.begin, b.record.begin) ||
        a.record.id - b.record.id,
    );
  const { items, hasNextPage } = page(ordered, pageNumber, limit);
  return { ids: items.map(({ record }) => record.id), hasNextPage };
}

/** What premiered in any one season (the season archive), as /seasons/{year}/{season} lists it. */
export function seasonArchiveCatalogue(
  entries: ReadonlyMap<number, Entry>,
  {
    season,
    type = 'tv',
    page: pageNumber,
    limit,
  }: { season: Season; type?: string; page: number; limit: number },
): { ids: number[]; hasNextPage: boolean } {
  const wanted = TYPE_BY_JIKAN[type];
  if (!wanted) return { ids: [], hasNextPage: false };
  const candidates = [...entries.values()].filter(({ record }) => record.type === wanted && record.begin);
  return premieres(candidates, season, pageNumber, limit, archiveRange(season));
}

/**
 * MyAnimeList files a show that premieres in a season's last days under the next one (Frieren:
 * 29 September 2023, fall 2023): the archive's season starts ARCHIVE_LEAD_DAYS early.
 */
export const ARCHIVE_LEAD_DAYS = 7;

function archiveRange(season: Season): { from: string; until: string } {
  const { from, until } = seasonRange(season);
  const early = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - ARCHIVE_LEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  return { from: early(from), until: early(until) };
}
