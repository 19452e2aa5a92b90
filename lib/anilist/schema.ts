import { z } from 'zod';
import {
  anilistStatusToList,
  episodeProgress,
  isoInstant,
  opinionFromNotes,
  partialDate,
  positiveCount,
  starsFromScore,
} from '@/lib/tracker-import/mapping';
import type { TrackerEntry } from '@/lib/tracker-import/types';

/**
 * AniList's GraphQL answer to MediaListCollection(userName, type: ANIME), as
 * https://anilist.github.io/ApiV2-GraphQL-Docs/ describes it: every field may be null.
 * Scores are asked in one known format, POINT_100, whatever format the user scores in.
 */

export const MEDIA_LIST_QUERY = `query ($userName: String, $chunk: Int, $perChunk: Int) {
  MediaListCollection(userName: $userName, type: ANIME, chunk: $chunk, perChunk: $perChunk, forceSingleCompletedList: true) {
    user { name statistics { anime { count } } }
    hasNextChunk
    lists {
      isCustomList
      entries {
        status progress notes updatedAt
        score(format: POINT_100)
        startedAt { year month day }
        completedAt { year month day }
        media { id idMal episodes format isAdult title { romaji english userPreferred } }
      }
    }
  }
}`;

const nullableString = z.string().nullish();
const nullableNumber = z.number().nullish();
const fuzzyDate = z.object({ year: nullableNumber, month: nullableNumber, day: nullableNumber }).nullish();

const entrySchema = z.object({
  status: nullableString,
  progress: nullableNumber,
  notes: nullableString,
  updatedAt: nullableNumber,
  score: nullableNumber,
  startedAt: fuzzyDate,
  completedAt: fuzzyDate,
  media: z
    .object({
      id: z.number(),
      idMal: nullableNumber,
      episodes: nullableNumber,
      format: nullableString,
      isAdult: z.boolean().nullish(),
      title: z
        .object({ romaji: nullableString, english: nullableString, userPreferred: nullableString })
        .nullish(),
    })
    .nullish(),
});

export const collectionSchema = z.object({
  user: z
    .object({
      name: nullableString,
      statistics: z.object({ anime: z.object({ count: nullableNumber }).nullish() }).nullish(),
    })
    .nullish(),
  hasNextChunk: z.boolean().nullish(),
  lists: z
    .array(
      z
        .object({ isCustomList: z.boolean().nullish(), entries: z.array(entrySchema.nullable()).nullish() })
        .nullable(),
    )
    .nullish(),
});
export type AnilistCollection = z.infer<typeof collectionSchema>;

/** The whole answer: data, or errors ({message, status}), or both. */
export const answerSchema = z.object({
  data: z.object({ MediaListCollection: collectionSchema.nullish() }).nullish(),
  errors: z.array(z.object({ message: nullableString, status: nullableNumber }).passthrough()).nullish(),
});
export type AnilistAnswer = z.infer<typeof answerSchema>;

/** What an answer with errors means to a fan. */
export function anilistFailure(answer: AnilistAnswer, httpStatus: number): 'private' | 'unknown-user' | null {
  const errors = answer.errors ?? [];
  if (errors.some((error) => /private/i.test(error.message ?? ''))) return 'private';
  if (
    httpStatus === 404 ||
    errors.some((error) => error.status === 404 || /not found/i.test(error.message ?? ''))
  )
    return 'unknown-user';
  return null;
}

const FORMATS: Record<string, string> = {
  TV: 'TV',
  TV_SHORT: 'TV',
  MOVIE: 'Movie',
  SPECIAL: 'Special',
  OVA: 'OVA',
  ONA: 'ONA',
  MUSIC: 'Music',
};

/**
 * The entries of one chunk in our terms. An anime sits in one status list and, when the fan
 * filed it so, in custom lists too: each media counts once, from its status list.
 */
export function mapAnilistEntries(collection: AnilistCollection): TrackerEntry[] {
  const lists = [...(collection.lists ?? [])].sort(
    (a, b) => Number(a?.isCustomList ?? false) - Number(b?.isCustomList ?? false),
  );
  const seen = new Set<number>();
  const entries: TrackerEntry[] = [];
  for (const list of lists) {
    for (const entry of list?.entries ?? []) {
      const media = entry?.media;
      if (!entry || !media || seen.has(media.id)) continue;
      seen.add(media.id);
      const episodes = positiveCount(media.episodes);
      const idMal = media.idMal;
      const title = media.title;
      entries.push({
        id: typeof idMal === 'number' && Number.isSafeInteger(idMal) && idMal > 0 ? idMal : null,
        title: title?.userPreferred || title?.romaji || title?.english || null,
        list: anilistStatusToList(entry.status),
        rating: starsFromScore(entry.score, 'POINT_100'),
        opinion: opinionFromNotes(entry.notes),
        progress: episodeProgress(entry.progress, episodes),
        episodes,
        type: media.format && Object.hasOwn(FORMATS, media.format) ? (FORMATS[media.format] ?? null) : null,
        startedAt: partialDate(entry.startedAt?.year, entry.startedAt?.month, entry.startedAt?.day),
        finishedAt: partialDate(entry.completedAt?.year, entry.completedAt?.month, entry.completedAt?.day),
        updatedAt: isoInstant(entry.updatedAt),
        adult: media.isAdult === true,
      });
    }
  }
  return entries;
}
