// Types for fixtures.mjs. Records follow Jikan v4; see the recorded responses in
// /work/shared/jikan/recorded/ for the authoritative shape.

export interface JikanRef {
  mal_id: number;
  type: string;
  name: string;
  url: string;
}

export interface JikanImageSet {
  image_url: string | null;
  small_image_url: string | null;
  large_image_url: string | null;
}

export interface JikanDateProp {
  day: number | null;
  month: number | null;
  year: number | null;
}

export interface FakeAnime {
  mal_id: number;
  url: string;
  images: { jpg: JikanImageSet; webp: JikanImageSet };
  trailer: {
    youtube_id: string | null;
    url: string | null;
    embed_url: string | null;
    images: Record<string, string | null>;
  };
  approved: boolean;
  titles: { type: string; title: string }[];
  title: string;
  title_english: string | null;
  title_japanese: string | null;
  title_synonyms: string[];
  type: string | null;
  source: string | null;
  episodes: number | null;
  status: string;
  airing: boolean;
  aired: {
    from: string | null;
    to: string | null;
    prop: { from: JikanDateProp; to: JikanDateProp };
    string: string;
  };
  duration: string;
  rating: string | null;
  score: number | null;
  scored_by: number | null;
  rank: number | null;
  popularity: number | null;
  members: number;
  favorites: number;
  synopsis: string | null;
  background: string | null;
  season: string | null;
  year: number | null;
  broadcast: { day: string | null; time: string | null; timezone: string | null; string: string | null };
  producers: JikanRef[];
  licensors: JikanRef[];
  studios: JikanRef[];
  genres: JikanRef[];
  explicit_genres: JikanRef[];
  themes: JikanRef[];
  demographics: JikanRef[];
  /** /full only */
  relations?: { relation: string; entry: JikanRef[] }[];
  /** /full only */
  theme?: { openings: string[]; endings: string[] };
  /** /full only */
  external?: { name: string; url: string }[];
  /** /full only */
  streaming?: { name: string; url: string }[];
}

export interface StreamingSearchResult {
  id: string;
  title: string;
  url: string;
  image: string;
  releaseDate: string;
  subOrDub: 'sub' | 'dub';
}

export interface StreamingInfo {
  id: string;
  title: string;
  url: string;
  genres: string[];
  totalEpisodes: number;
  image: string;
  releaseDate: string;
  description: string;
  subOrDub: 'sub' | 'dub';
  type: string;
  status: string;
  otherName: string;
  episodes: { id: string; number: number; url: string }[];
}

export const DEFAULT_ORIGIN: string;
export const CURRENT_SEASON: { readonly season: string; readonly year: number };

export const ID_NARUTO: number;
export const ID_NARUTO_SHIPPUUDEN: number;
export const ID_ONE_PIECE: number;
export const ID_DEATH_NOTE: number;
export const ID_FMA: number;
export const ID_FMA_BROTHERHOOD: number;
export const ID_ATTACK_ON_TITAN: number;
export const ID_FRIEREN: number;
export const ID_SCI_FI: number;
export const ID_LONG_SYNOPSIS: number;
export const ID_MOVIE: number;
export const ID_OVA: number;
export const ID_ONA: number;
export const ID_SPECIAL: number;
export const ID_AIRING: number;
export const ID_MONDAY_0005: number;
export const ID_UPCOMING: number;
export const ID_NULLS: number;
export const ID_UNAPPROVED: number;
export const ID_ADULT: number;
export const ID_ADULT_OVA: number;
export const ID_ADULT_MILD: number;
export const ID_HAREM_THEME: number;
export const ID_GIRLS_LOVE: number;
export const ID_BASIC_ONLY: number;
export const ID_MISSING_IMAGE: number;
export const ID_NOT_FOUND: number;
export const ID_NO_STREAMING: number;
export const ID_STREAMING_3_EPISODES: number;
export const ID_STREAMING_12_EPISODES: number;
export const Q_NO_RESULTS: string;

export const GENRES: Readonly<Record<string, number>>;
export const TYPE_VALUES: Readonly<Record<string, string>>;
export const STATUS_VALUES: Readonly<Record<string, string>>;
export const RATING_VALUES: Readonly<Record<string, string>>;
export const ORDER_BY_VALUES: readonly string[];
export const TOP_FILTER_VALUES: readonly string[];

export function animeById(
  id: number | string,
  options?: { origin?: string; full?: boolean },
): FakeAnime | undefined;
export const allAnime: readonly FakeAnime[];
/** /anime/{id}/characters or /staff `data` as Jikan recorded it ([] without a recording), or undefined for an unknown id. */
export function animeExtras(id: number | string, kind: 'characters' | 'staff'): unknown[] | undefined;

export interface SearchOptions {
  q?: string;
  type?: string;
  status?: string;
  rating?: string;
  genres?: number[];
  genresExclude?: number[];
  minScore?: number;
  maxScore?: number;
  letter?: string;
  orderBy?: string;
  sort?: 'asc' | 'desc';
  sfw?: boolean;
  unapproved?: boolean;
}

/** Base records (internal shape, with a private `_def`); map to `.mal_id` for expectations. */
export function searchAnime(options?: SearchOptions): { mal_id: number }[];
export function topAnime(options?: { type?: string; filter?: string }): { mal_id: number }[];
export function seasonNow(options?: {
  filter?: string;
  sfw?: boolean;
  unapproved?: boolean;
  continuing?: boolean;
}): { mal_id: number }[];

export function schedules(options?: {
  filter?: string;
  kids?: boolean;
  sfw?: boolean;
  unapproved?: boolean;
}): { mal_id: number }[];
export const SCHEDULE_FILTER_VALUES: readonly string[];

export const TOP_IDS: readonly number[];
export const TOP_TV_BY_POPULARITY_IDS: readonly number[];
export const SEASON_IDS: readonly number[];
export const SEASON_TV_IDS: readonly number[];
export const POPULAR_TV_IDS: readonly number[];
export const NARUTO: {
  readonly relevance: readonly number[];
  readonly titleAsc: readonly number[];
  readonly scoreDesc: readonly number[];
  readonly popularityAsc: readonly number[];
  readonly popularityDesc: readonly number[];
};

export function slugify(text: string): string;
export function streamingSearch(query: string, origin?: string): StreamingSearchResult[];
export function streamingInfo(id: string, origin?: string): StreamingInfo | undefined;
export function splitSentences(text: string): string[];
export function fakeTranslate(text: string): string;

export interface FakeRecommendation {
  entry: { mal_id: number; url: string; images: { jpg: JikanImageSet; webp: JikanImageSet }; title: string };
  url: string;
  votes: number;
}
export const RECOMMENDATION_FEED_PAIRS: readonly string[];
export function recommendationsById(id: number | string, origin?: string): FakeRecommendation[] | undefined;

export const SEASON_NAMES: readonly string[];
export function seasonArchive(options: {
  year: number;
  season: string;
  filter?: string;
  sfw?: boolean;
  unapproved?: boolean;
}): { mal_id: number }[];
export function genresAnime(): { mal_id: number; name: string; url: string; count: number }[];
export const ID_PERSON: number;
export const ID_PERSON_UNKNOWN_ANIME: number;
export interface FakePerson {
  mal_id: number;
  name: string;
  images: { jpg: { image_url: string } };
  voices: {
    role: string;
    anime: { mal_id: number; title: string | null };
    character: { mal_id: number; name: string };
  }[];
  anime: { position: string; anime: { mal_id: number; title: string | null } }[];
}
export function personFull(id: number | string, options?: { origin?: string }): FakePerson | undefined;
