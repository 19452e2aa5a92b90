/**
 * The app's own anime types. Components import these, never the raw Jikan shapes
 * (those are inferred from the zod schemas in schemas.ts and reshaped by mappers.ts).
 * Every field the database may leave empty is nullable: real records are full of nulls.
 */

/**
 * The largest id accepted for an anime. MyAnimeList ids are sequential and reached about 62 000
 * in 2025; seven digits leave room for decades, and a longer id is refused without a call.
 */
export const MAX_ANIME_ID = 9_999_999;

/** Jikan's status strings; other values are passed through untranslated. */
export type AnimeStatus = 'Finished Airing' | 'Currently Airing' | 'Not yet aired';

export interface AnimeImages {
  /** Best cover for a card (jpg large, else jpg, else webp). */
  cover: string | null;
  /** Small cover for list rows and thumbnails. */
  small: string | null;
}

/** A listing item: what cards, carousels and lists need. */
export interface Anime {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  titleJapanese: string | null;
  synopsis: string | null;
  status: string | null;
  type: string | null;
  episodes: number | null;
  year: number | null;
  score: number | null;
  /** Age-rating text, e.g. "PG-13 - Teens 13 or older". */
  rating: string | null;
  popularity: number | null;
  images: AnimeImages;
  genres: string[];
  /**
   * Answered from the offline catalogue (lib/catalogue) because the anime database failed: no
   * score, synopsis or popularity, and the UI says so with its 'dados offline' badge.
   */
  offline?: true;
  /**
   * An offline record the server never fetched from the anime database: its age rating and genres
   * are unknown, so nothing can show it is safe for visitors and it is treated as adult (filter.ts).
   */
  adultFactsUnknown?: true;
  /**
   * A last-known-good copy (lib/records) answered because the anime database could not answer in
   * time: when it was fetched (ISO 8601). The UI marks its age ('dados de 3 dias atrás').
   */
  stale?: { fetchedAt: string };
}

/** A listing item's facts where none are known: a bare record, or an anime known by name only. */
export const UNKNOWN_FACTS: Readonly<
  Pick<
    Anime,
    | 'titleEnglish'
    | 'titleJapanese'
    | 'synopsis'
    | 'status'
    | 'type'
    | 'episodes'
    | 'year'
    | 'score'
    | 'rating'
    | 'popularity'
  >
> = {
  titleEnglish: null,
  titleJapanese: null,
  synopsis: null,
  status: null,
  type: null,
  episodes: null,
  year: null,
  score: null,
  rating: null,
  popularity: null,
};

export interface ExternalLink {
  name: string;
  url: string;
}

/**
 * A show's weekly broadcast slot (Jikan's `broadcast`, e.g. "Mondays at 00:05 (JST)"), kept only
 * while the show airs or is about to: a finished show's record still names its old slot.
 */
export interface BroadcastSlot {
  /** 0 = Sunday … 6 = Saturday, in `timezone`. */
  day: number;
  /** "HH:MM", 24-hour, in `timezone`. */
  time: string;
  /** IANA zone of the slot (Jikan gives Asia/Tokyo). */
  timezone: string;
  /** The first airing's date (YYYY-MM-DD in `timezone`) when known: it counts the episodes aired. */
  startDate: string | null;
}

/** Everything the detail page shows. */
export interface AnimeDetails extends Anime {
  titles: { type: string; title: string }[];
  source: string | null;
  duration: string | null;
  airedString: string | null;
  trailerYoutubeId: string | null;
  /** Jikan's thumbnail of the trailer; absent or null: YouTube's standard one for the id. */
  trailerThumbnail?: string | null;
  studios: string[];
  externalLinks: ExternalLink[];
  /** bannerImage or background (SPEC §3). */
  banner: string | null;
  /** The weekly slot of a show on air; absent or null when unknown or over. */
  broadcast?: BroadcastSlot | null;
  /** The first air date (YYYY-MM-DD) when known: the franchise's watch order. Absent in older copies. */
  airedFrom?: string | null;
  /**
   * The direct relations of /anime/{id}/full, as Jikan names their kinds ("Sequel", "Side story",
   * "Adaptation"…). Absent in a basic record and in copies stored before relations were read:
   * the franchise walk then counts the record as not known yet.
   */
  relations?: AnimeRelation[];
}

/** One kind of relation and its entries (anime, or manga, novels… for adaptations). */
export interface AnimeRelation {
  relation: string;
  entries: RelatedEntry[];
}

export interface RelatedEntry {
  id: number;
  /** 'anime', 'manga' (MyAnimeList files novels under manga too). */
  type: string;
  name: string;
}

/**
 * What an anonymous (or not verified adult) caller gets instead of an adult record: enough to
 * name the anime in the adult-content notice (SPEC §5/§6) and to tell why it is gated, and
 * nothing else (no cover, banner, synopsis, trailer, studios or links).
 */
export interface GatedAnime {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  titleJapanese: string | null;
  /** Age-rating text, e.g. "Rx - Hentai" (one of the two reasons a record is adult). */
  rating: string | null;
  /** Genre and theme names (the other reason; the adult banner reads them). */
  genres: string[];
  adult: true;
  /** Answered from the offline catalogue (see Anime.offline). */
  offline?: true;
  /** A last-known-good copy answered while the database could not answer (see Anime.stale). */
  stale?: { fetchedAt: string };
  /**
   * Gated because its age rating cannot be checked right now (an offline record whose adult facts
   * are unknown), not because it is known to be adult.
   */
  unverified?: true;
}

/** One page of a listing. `page` is 1-based. */
export interface AnimePage {
  data: Anime[];
  pagination: { page: number; hasNextPage: boolean };
  /** The whole page comes from the offline catalogue (see Anime.offline). */
  offline?: true;
  /**
   * A season listing from the offline catalogue lists this season: the current one, or the latest
   * the catalogue has when its snapshot is older than the current season.
   */
  season?: { season: 'winter' | 'spring' | 'summer' | 'fall'; year: number };
  /**
   * An offline page: how many of its records were withheld from this caller because their adult
   * facts are unknown while the anime database cannot answer.
   */
  withheld?: number;
  /** A live page: how many records were left out for this caller because they are adult content. */
  hiddenAdult?: number;
}

export interface Episode {
  id: string;
  number: number;
  title: string | null;
  url: string | null;
}

/** JSON error body of every app/api route. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}
