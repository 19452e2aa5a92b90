import type { Anime, AnimeDetails, ExternalLink } from '@/lib/jikan/types';
import { expandLink, type CatalogueFile } from './convert.mjs';
import { seasonOf, statusOn, type Season } from './dates';
import { firstLatinTitle, isLatinTitle } from './latin';
import { normalizeTitle } from './normalize';
import {
  airedString,
  knowsAdultFacts,
  MAX_SEEN,
  toSeenAnime,
  TYPE_LABEL,
  type CatalogueListing,
  type CatalogueSearch,
  type CatalogueSeasonListing,
  type Entry,
  type SeenAnime,
  type SeenEntry,
  type StreamingLink,
} from './records';
import { searchCatalogue } from './search';
import { seasonArchiveCatalogue, seasonCatalogue } from './season';

export {
  airedString,
  MAX_SEEN,
  toSeenAnime,
  type CatalogueListing,
  type CatalogueSearch,
  type CatalogueSeasonListing,
  type SeenAnime,
  type StreamingLink,
} from './records';

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

export class Catalogue {
  readonly source: CatalogueFile['source'];
  private readonly sites: CatalogueFile['sites'];
  private readonly entries = new Map<number, Entry>();
  private readonly seen = new Map<number, SeenEntry>();

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
    const { ids, hasNextPage } = searchCatalogue(this.entries, this.seen, query, today);
    return { items: this.listed(ids, today), hasNextPage };
  }

  /**
   * What premiered this season (by air dates in Japan), as /seasons/now lists it (season.ts).
   * `type` is Jikan's season filter (default tv).
   */
  seasonNow(params: { type?: string; page: number; limit: number }, today: string): CatalogueSeasonListing {
    const { ids, hasNextPage, season } = seasonCatalogue(this.entries, params, today);
    return { items: this.listed(ids, today), hasNextPage, season };
  }

  /** What premiered in one season of the archive (season.ts). */
  season(
    params: { season: Season; type?: string; page: number; limit: number },
    today: string,
  ): CatalogueListing {
    const { ids, hasNextPage } = seasonArchiveCatalogue(this.entries, params);
    return { items: this.listed(ids, today), hasNextPage };
  }

  private listed(ids: readonly number[], today: string): Anime[] {
    return ids.map((id) => this.toAnime(id, today)).filter((anime): anime is Anime => anime !== null);
  }

  /** A listing record: catalogue dates and titles, with what the database showed us filled in. */
  toAnime(id: number, today: string): Anime | null {
    const record = this.entries.get(id)?.record;
    const seen = this.seen.get(id)?.anime;
    if (!record && !seen) return null;
    const english = record?.tr?.en?.[0] ?? null;
    const original = seen?.title ?? record?.title ?? null;
    return {
      id,
      // Never Japanese script alone when a Latin-script title is known anywhere: a visitor who
      // reads no Japanese must be able to tell what it is (and search for it).
      title: isLatinTitle(original)
        ? original
        : (firstLatinTitle([
            seen?.titleEnglish,
            ...(seen?.otherTitles ?? []),
            ...(record?.tr?.en ?? []),
            ...Object.values(record?.tr ?? {}).flat(),
          ]) ?? original),
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
    // The titles as the sources name them (the record's own title may be its Japanese one).
    add('Default', seen?.title ?? record?.title ?? anime.title);
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
