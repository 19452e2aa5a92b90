import type { Anime, AnimeDetails, ExternalLink } from '@/lib/jikan/types';
import { expandLink, type CatalogueFile, type CatalogueRecord, type CatalogueType } from './convert.mjs';
import { seasonOf, seasonRange, statusOn, type Season } from './dates';
import { matchTier, normalizeTitle, prepareQuery, type MatchTier } from './normalize';

/**
 * The offline catalogue in memory: bangumi-data's records (convert.mjs) plus what this server has
 * seen of the anime database ("enrichment": English and romaji titles, covers, genres of every
 * record lib/jikan fetched), searchable in any language. Pure: no I/O, no clock (callers pass
 * "today" in Japan), so tests and the benchmark build one from any data.
 *
 * What it answers never carries a score, a popularity rank or a synopsis: those need the live
 * database, and a stale or invented value would mislead. A record never learnt from the database
 * carries `adultFactsUnknown`: the adult filter then withholds it from visitors (fail closed).
 */

/** The part of a fetched record worth keeping offline: identity, titles, looks, adult filter. */
export interface SeenAnime {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  titleJapanese: string | null;
  /** Other titles (synonyms, other languages) from a details record. */
  otherTitles: string[];
  type: string | null;
  episodes: number | null;
  year: number | null;
  status: string | null;
  rating: string | null;
  /** MyAnimeList popularity rank when fetched: orders equally good matches. */
  popularity: number | null;
  images: Anime['images'];
  genres: string[];
}

export interface StreamingLink {
  /** bangumi-data's site key, e.g. 'netflix'. */
  site: string;
  name: string;
  url: string;
  /** Where the service offers it (ISO country codes); empty = no stated limit. */
  regions: string[];
}

export interface CatalogueSearch {
  q: string;
  page: number;
  limit: number;
  /** Jikan's type words (tv, movie, ova, ona, …). */
  type?: string;
  /** Jikan's status words (airing, complete, upcoming). */
  status?: string;
  /** Jikan's order_by field; unsupported fields (score, popularity, …) keep relevance order. */
  orderBy?: string;
  sort?: string;
}

export interface CatalogueListing {
  items: Anime[];
  hasNextPage: boolean;
}

export interface CatalogueSeasonListing extends CatalogueListing {
  /** The season listed: the current one, or the latest the catalogue knows when it is older. */
  season: Season;
}

/** Jikan's type labels. bangumi-data's "web" is what MyAnimeList calls an ONA. */
const TYPE_LABEL: Record<CatalogueType, string> = { tv: 'TV', web: 'ONA', movie: 'Movie', ova: 'OVA' };
const TYPE_BY_JIKAN: Record<string, CatalogueType> = { tv: 'tv', ona: 'web', movie: 'movie', ova: 'ova' };
const STATUS_BY_JIKAN: Record<string, string> = {
  airing: 'Currently Airing',
  complete: 'Finished Airing',
  upcoming: 'Not yet aired',
};
/** More than this many remembered records and the oldest are forgotten (about 1 KB each). */
export const MAX_SEEN = 20_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The part of `anime` the catalogue keeps. A listing record has no `titles`: `known` (an earlier
 * details record) keeps its other titles.
 */
export function toSeenAnime(anime: Anime | AnimeDetails, known?: SeenAnime): SeenAnime {
  const otherTitles = 'titles' in anime ? anime.titles.map((entry) => entry.title) : [];
  return {
    id: anime.id,
    title: anime.title,
    titleEnglish: anime.titleEnglish,
    titleJapanese: anime.titleJapanese,
    otherTitles: otherTitles.length ? otherTitles : (known?.otherTitles ?? []),
    type: anime.type,
    episodes: anime.episodes,
    year: anime.year,
    status: anime.status,
    rating: anime.rating,
    popularity: anime.popularity,
    images: anime.images,
    genres: anime.genres,
  };
}

/** Jikan's `aired.string` form ("Oct 3, 2002 to Feb 8, 2007"), so the detail page reads alike. */
export function airedString(record: Pick<CatalogueRecord, 'type' | 'begin' | 'end'>): string | null {
  const format = (date: string) => {
    const [year, month, day] = date.split('-').map(Number);
    return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
  };
  if (!record.begin) return null;
  if (record.type === 'movie' || record.end === record.begin) return format(record.begin);
  return `${format(record.begin)} to ${record.end ? format(record.end) : '?'}`;
}

interface Entry {
  record: CatalogueRecord;
  /** Normalised titles: original, every translation. */
  titles: string[];
}

export class Catalogue {
  readonly source: CatalogueFile['source'];
  private readonly sites: CatalogueFile['sites'];
  private readonly entries = new Map<number, Entry>();
  private readonly seen = new Map<number, { anime: SeenAnime; titles: string[] }>();

  constructor(file: CatalogueFile) {
    this.source = file.source;
    this.sites = file.sites;
    for (const record of file.records) {
      const titles = new Set([normalizeTitle(record.title)]);
      for (const list of Object.values(record.tr ?? {}))
        for (const title of list) titles.add(normalizeTitle(title));
      titles.delete('');
      this.entries.set(record.id, { record, titles: [...titles] });
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get seenCount(): number {
    return this.seen.size;
  }

  has(id: number): boolean {
    return this.entries.has(id) || this.seen.has(id);
  }

  /** Keeps what the anime database said about a record, for offline search and cards. */
  remember(anime: Anime | AnimeDetails): void {
    this.rememberSeen(toSeenAnime(anime, this.seen.get(anime.id)?.anime));
  }

  /** What was learnt of `id` from the anime database, if anything. */
  seenAnime(id: number): SeenAnime | undefined {
    return this.seen.get(id)?.anime;
  }

  /** Keeps a record learnt before (this process, or another one through Redis). */
  rememberSeen(seen: SeenAnime): void {
    const titles = new Set(
      [seen.title, seen.titleEnglish, seen.titleJapanese, ...seen.otherTitles]
        .filter((title): title is string => !!title)
        .map(normalizeTitle),
    );
    titles.delete('');
    this.seen.delete(seen.id);
    this.seen.set(seen.id, { anime: seen, titles: [...titles] });
    if (this.seen.size > MAX_SEEN) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }

  /** Title search in any language the catalogue or the enrichment knows, best matches first. */
  search(query: CatalogueSearch, today: string): CatalogueListing {
    const normalized = normalizeTitle(query.q);
    if (!normalized) return { items: [], hasNextPage: false };
    const q = prepareQuery(normalized);
    const type = query.type ? TYPE_BY_JIKAN[query.type] : undefined;
    const status = query.status ? STATUS_BY_JIKAN[query.status] : undefined;
    // A type or status the catalogue cannot express matches nothing rather than everything.
    if ((query.type && !type) || (query.status && !status)) return { items: [], hasNextPage: false };

    interface Hit {
      id: number;
      tier: MatchTier;
      /** Length of the best-matching title: of two titles matching alike, the shorter is closer. */
      length: number;
      title: string | null;
      begin: string;
      links: number;
      popularity: number;
    }
    const hits: Hit[] = [];
    let length = 0;
    const bestTier = (titles: readonly string[], tier: MatchTier | null): MatchTier | null => {
      let best = tier;
      for (const title of titles) {
        const match = matchTier(title, q);
        if (match === null) continue;
        if (best === null || match < best || (match === best && title.length < length)) {
          best = match;
          length = title.length;
        }
      }
      return best;
    };
    // Only ids and sort keys while scanning: records are built for the page that is answered.
    const consider = (id: number, entry: Entry | undefined) => {
      const seen = this.seen.get(id);
      length = 0;
      let tier = entry ? bestTier(entry.titles, null) : null;
      if (seen) tier = bestTier(seen.titles, tier);
      if (tier === null) return;
      if (type && (entry ? entry.record.type !== type : seen?.anime.type !== TYPE_LABEL[type])) return;
      if (status && (entry ? statusOn(entry.record, today) : seen?.anime.status) !== status) return;
      hits.push({
        id,
        tier,
        length,
        title: seen?.anime.title ?? entry?.record.title ?? null,
        begin: entry?.record.begin ?? '',
        links: entry?.record.links?.length ?? 0,
        popularity: seen?.anime.popularity ?? Number.MAX_SAFE_INTEGER,
      });
    };
    for (const [id, entry] of this.entries) consider(id, entry);
    for (const id of this.seen.keys()) if (!this.entries.has(id)) consider(id, undefined);

    const direction = query.sort === 'desc' ? -1 : 1;
    const relevance = (a: Hit, b: Hit) =>
      a.tier - b.tier ||
      a.popularity - b.popularity ||
      a.length - b.length ||
      // More streaming services usually means a better known show.
      b.links - a.links ||
      a.id - b.id;
    const byField: Record<string, (a: Hit, b: Hit) => number> = {
      title: (a, b) => compareText(a.title, b.title) * direction,
      start_date: (a, b) => compareText(a.begin || null, b.begin || null) * direction,
      mal_id: (a, b) => (a.id - b.id) * direction,
    };
    const order = (query.orderBy && byField[query.orderBy]) || relevance;
    hits.sort((a, b) => order(a, b) || relevance(a, b));
    const { items, hasNextPage } = page(hits, query.page, query.limit);
    return {
      items: items
        .map((hit) => this.toAnime(hit.id, today))
        .filter((anime): anime is Anime => anime !== null),
      hasNextPage,
    };
  }

  /**
   * What premiered this season (by air dates in Japan), as /seasons/now lists it. When the
   * catalogue is older than the season (bangumi-data is a snapshot), the latest season it has
   * premieres for stands in, and says which it is. `type` is Jikan's season filter (default tv).
   */
  seasonNow(
    { type = 'tv', page: pageNumber, limit }: { type?: string; page: number; limit: number },
    today: string,
  ): CatalogueSeasonListing {
    const current = seasonOf(today) ?? { season: 'winter', year: 1970 };
    const wanted = TYPE_BY_JIKAN[type];
    if (!wanted) return { items: [], hasNextPage: false, season: current };
    const currentUntil = seasonRange(current).until;
    const candidates = [...this.entries.values()].filter(
      ({ record }) => record.type === wanted && record.begin && record.begin < currentUntil,
    );
    // The latest premiere before the current season ends names the season to list.
    let latest = '';
    for (const { record } of candidates) if (record.begin > latest) latest = record.begin;
    const season = seasonOf(latest);
    if (!season) return { items: [], hasNextPage: false, season: current };
    const { from, until } = seasonRange(season);
    const ordered = candidates
      .filter(({ record }) => record.begin >= from && record.begin < until)
      .sort(
        (a, b) =>
          (b.record.links?.length ?? 0) - (a.record.links?.length ?? 0) ||
          compareText(a.record.begin, b.record.begin) ||
          a.record.id - b.record.id,
      );
    const { items, hasNextPage } = page(ordered, pageNumber, limit);
    return {
      items: items
        .map(({ record }) => this.toAnime(record.id, today))
        .filter((anime): anime is Anime => !!anime),
      hasNextPage,
      season,
    };
  }

  /** A listing record: catalogue dates and titles, with what the database showed us filled in. */
  toAnime(id: number, today: string): Anime | null {
    const record = this.entries.get(id)?.record;
    const seen = this.seen.get(id)?.anime;
    if (!record && !seen) return null;
    const english = record?.tr?.en?.[0] ?? null;
    return {
      id,
      title: seen?.title ?? record?.title ?? null,
      titleEnglish: seen?.titleEnglish ?? english,
      titleJapanese:
        seen?.titleJapanese ?? (record?.lang === 'ja' ? record.title : (record?.tr?.ja?.[0] ?? null)),
      synopsis: null,
      status: record ? statusOn(record, today) : (seen?.status ?? null),
      type: record ? TYPE_LABEL[record.type] : (seen?.type ?? null),
      episodes: seen?.episodes ?? null,
      year: (record && seasonOf(record.begin)?.year) ?? seen?.year ?? null,
      score: null,
      rating: seen?.rating ?? null,
      popularity: null,
      images: seen?.images ?? { cover: null, small: null },
      genres: seen?.genres ?? [],
      offline: true,
      // bangumi-data has no age rating and no genres: only a record learnt from the anime
      // database says whether it is safe for visitors.
      ...(knowsAdultFacts(seen) ? {} : { adultFactsUnknown: true as const }),
    };
  }

  /** The detail page's record: titles in every language, dates, official site. */
  details(id: number, today: string): AnimeDetails | null {
    const anime = this.toAnime(id, today);
    if (!anime) return null;
    const record = this.entries.get(id)?.record;
    const seen = this.seen.get(id)?.anime;
    const titles: AnimeDetails['titles'] = [];
    const add = (type: string, title: string | null | undefined) => {
      if (title && !titles.some((entry) => entry.title === title)) titles.push({ type, title });
    };
    add('Default', anime.title);
    add('English', anime.titleEnglish);
    add('Japanese', anime.titleJapanese);
    for (const title of seen?.otherTitles ?? []) add('Synonym', title);
    if (record) {
      add(record.lang === 'ja' ? 'Japanese' : 'Default', record.title);
      for (const title of record.tr?.en ?? []) add('English', title);
      for (const title of record.tr?.ja ?? []) add('Japanese', title);
      for (const title of record.tr?.['zh-Hans'] ?? []) add('Chinese (Simplified)', title);
      for (const title of record.tr?.['zh-Hant'] ?? []) add('Chinese (Traditional)', title);
    }
    const externalLinks: ExternalLink[] = record?.site ? [{ name: 'Official Site', url: record.site }] : [];
    return {
      ...anime,
      titles,
      source: null,
      duration: null,
      airedString: record ? airedString(record) : null,
      trailerYoutubeId: null,
      studios: [],
      externalLinks,
      banner: null,
    };
  }

  /** Legal places to watch, one per service, in the catalogue's order. */
  streamingLinks(id: number): StreamingLink[] {
    const record = this.entries.get(id)?.record;
    const links: StreamingLink[] = [];
    for (const [site, target, regions] of record?.links ?? []) {
      if (links.some((link) => link.site === site)) continue;
      const meta = this.sites[site];
      const url = expandLink(target, meta);
      if (!meta || !url) continue;
      links.push({ site, name: meta.name, url, regions: regions ?? meta.regions });
    }
    return links;
  }
}

/** Whether the anime database told us this record's age rating and genres. */
function knowsAdultFacts(seen: SeenAnime | undefined): boolean {
  return !!seen && Array.isArray(seen.genres) && (seen.rating === null || typeof seen.rating === 'string');
}

function compareText(a: string | null, b: string | null): number {
  // Missing values last, as the anime database sorts nulls.
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function page<T>(items: T[], pageNumber: number, limit: number): { items: T[]; hasNextPage: boolean } {
  const start = (pageNumber - 1) * limit;
  return { items: items.slice(start, start + limit), hasNextPage: items.length > start + limit };
}
