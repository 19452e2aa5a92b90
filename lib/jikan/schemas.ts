import 'server-only';
import { z } from 'zod';

/**
 * Zod schemas for the Jikan v4 answers we read, checked against the real recorded responses in
 * ../shared/jikan/recorded (schemas.contract.test.ts). Real records are full of nulls and older
 * or trimmed ones lack whole fields (`approved`, `titles`, `explicit_genres`), so every field but
 * `mal_id` is nullish; the mappers decide what an absent value means. Unknown fields are stripped.
 */

const text = z.string().nullish();
const count = z.number().nullish();

const imageSetSchema = z.object({ image_url: text, small_image_url: text, large_image_url: text }).nullish();

/** genres, explicit_genres, themes, demographics, studios all share this shape. */
const namedEntrySchema = z.object({ mal_id: count, type: text, name: text, url: text });
const namedList = z.array(namedEntrySchema).nullish();

const datePropSchema = z.object({ day: count, month: count, year: count }).nullish();

/** SPEC §3 names both `external[] (url, site)` and `external_links[] (url, name)`. */
const externalLinkSchema = z.object({ name: text, site: text, url: text });

export const jikanAnimeSchema = z.object({
  mal_id: z.number().int(),
  url: text,
  images: z.object({ jpg: imageSetSchema, webp: imageSetSchema }).nullish(),
  trailer: z
    .object({
      youtube_id: text,
      url: text,
      embed_url: text,
      images: z
        .object({ image_url: text, medium_image_url: text, large_image_url: text, maximum_image_url: text })
        .nullish(),
    })
    .nullish(),
  approved: z.boolean().nullish(),
  titles: z.array(z.object({ type: text, title: text })).nullish(),
  title: text,
  title_english: text,
  title_japanese: text,
  title_synonyms: z.array(z.string()).nullish(),
  type: text,
  source: text,
  episodes: count,
  status: text,
  airing: z.boolean().nullish(),
  aired: z
    .object({
      from: text,
      to: text,
      string: text,
      prop: z.object({ from: datePropSchema, to: datePropSchema }).nullish(),
    })
    .nullish(),
  duration: text,
  rating: text,
  score: count,
  scored_by: count,
  rank: count,
  popularity: count,
  members: count,
  favorites: count,
  synopsis: text,
  /** A text paragraph in Jikan ("background information"), not an image. */
  background: text,
  /** Not a Jikan field (AniList has it); SPEC §3 lists it as the preferred banner. */
  bannerImage: text,
  season: text,
  year: count,
  broadcast: z.object({ day: text, time: text, timezone: text, string: text }).nullish(),
  genres: namedList,
  explicit_genres: namedList,
  themes: namedList,
  demographics: namedList,
  studios: namedList,
  external: z.array(externalLinkSchema).nullish(),
  external_links: z.array(externalLinkSchema).nullish(),
  /** /full only: the direct relations, each kind with its entries (anime, manga, light novels…). */
  relations: z
    .array(
      z.object({
        relation: text,
        entry: z.array(z.object({ mal_id: count, type: text, name: text, url: text })).nullish(),
      }),
    )
    .nullish(),
});

export const jikanPaginationSchema = z.object({
  current_page: count,
  last_visible_page: count,
  has_next_page: z.boolean().nullish(),
});

/**
 * A listing (/anime, /top/anime, /seasons/now). Items stay `unknown` here and are parsed one by
 * one (parseAnimeItems) so that one odd record drops itself rather than the whole page.
 */
export const jikanAnimeListResponseSchema = z.object({
  data: z.array(z.unknown()),
  pagination: jikanPaginationSchema.nullish(),
});

/** /anime/{id} and /anime/{id}/full. A body without `data` is invalid (SPEC §5). */
export const jikanAnimeResponseSchema = z.object({ data: jikanAnimeSchema });

/** Jikan's error body (404, 429, 5xx); read only for logs. */
export const jikanErrorSchema = z.object({
  status: z.union([z.number(), z.string()]).nullish(),
  type: text,
  message: text,
  error: text,
});

export type JikanAnime = z.infer<typeof jikanAnimeSchema>;
export type JikanPagination = z.infer<typeof jikanPaginationSchema>;
export type JikanAnimeListResponse = z.infer<typeof jikanAnimeListResponseSchema>;
export type JikanAnimeResponse = z.infer<typeof jikanAnimeResponseSchema>;

/** Valid records of a listing, and how many were dropped as malformed. */
export function parseAnimeItems(items: readonly unknown[]): { records: JikanAnime[]; dropped: number } {
  const records: JikanAnime[] = [];
  for (const item of items) {
    const parsed = jikanAnimeSchema.safeParse(item);
    if (parsed.success) records.push(parsed.data);
  }
  return { records, dropped: items.length - records.length };
}
