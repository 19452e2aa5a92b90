import { z } from 'zod';
import {
  episodeProgress,
  isoDay,
  isoInstant,
  kitsuStatusToList,
  opinionFromNotes,
  positiveCount,
  starsFromScore,
} from '@/lib/tracker-import/mapping';
import { TRACKER_PAGE_SIZE, type TrackerEntry } from '@/lib/tracker-import/types';

/**
 * Kitsu's JSON:API (https://kitsu.docs.apiary.io): `users?filter[name]=` finds the user, then
 * `library-entries?filter[userId]=&filter[kind]=anime` pages through the list with each anime and
 * its `mappings` included; the mapping whose externalSite is `myanimelist/anime` names our id.
 * Ratings are read as `ratingTwenty` (2–20, or null). Every field may be null.
 */

const nullableString = z.string().nullish();
const nullableNumber = z.number().nullish();
const reference = z.object({ type: z.string(), id: z.string() });

export const usersSchema = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: nullableString }).nullish() })),
});

const entrySchema = z.object({
  id: z.string(),
  type: z.string(),
  attributes: z
    .object({
      status: nullableString,
      progress: nullableNumber,
      ratingTwenty: nullableNumber,
      notes: nullableString,
      reconsuming: z.boolean().nullish(),
      updatedAt: nullableString,
      startedAt: nullableString,
      finishedAt: nullableString,
    })
    .nullish(),
  relationships: z.object({ anime: z.object({ data: reference.nullish() }).nullish() }).nullish(),
});

const includedSchema = z.object({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).nullish(),
  relationships: z.object({ mappings: z.object({ data: z.array(reference).nullish() }).nullish() }).nullish(),
});

export const libraryPageSchema = z.object({
  data: z.array(entrySchema),
  included: z.array(includedSchema).nullish(),
  meta: z.object({ count: nullableNumber }).nullish(),
  links: z.object({ next: nullableString }).nullish(),
});
export type KitsuLibraryPage = z.infer<typeof libraryPageSchema>;

/** The query of one page of a user's anime library. */
export function libraryQuery(userId: string, offset: number): string {
  const params = new URLSearchParams({
    'filter[userId]': userId,
    'filter[kind]': 'anime',
    include: 'anime,anime.mappings',
    'fields[libraryEntries]':
      'status,progress,ratingTwenty,notes,reconsuming,updatedAt,startedAt,finishedAt,anime',
    'fields[anime]': 'canonicalTitle,titles,episodeCount,subtype,nsfw,mappings',
    'fields[mappings]': 'externalSite,externalId',
    'page[limit]': String(TRACKER_PAGE_SIZE),
    'page[offset]': String(offset),
    sort: 'id',
  });
  return `library-entries?${params}`;
}

const SUBTYPES: Record<string, string> = {
  TV: 'TV',
  movie: 'Movie',
  special: 'Special',
  OVA: 'OVA',
  ONA: 'ONA',
  music: 'Music',
};

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);

/** The entries of one page in our terms. */
export function mapKitsuEntries(page: KitsuLibraryPage): TrackerEntry[] {
  const included = new Map<string, z.infer<typeof includedSchema>>();
  for (const item of page.included ?? []) included.set(`${item.type}:${item.id}`, item);
  const entries: TrackerEntry[] = [];
  for (const entry of page.data) {
    const attributes = entry.attributes ?? {};
    const ref = entry.relationships?.anime?.data;
    const anime = ref ? included.get(`anime:${ref.id}`) : undefined;
    const fields = anime?.attributes ?? {};
    let id: number | null = null;
    for (const mapping of anime?.relationships?.mappings?.data ?? []) {
      const found = included.get(`mappings:${mapping.id}`)?.attributes ?? {};
      if (found.externalSite !== 'myanimelist/anime') continue;
      const value = typeof found.externalId === 'string' ? found.externalId.trim() : '';
      if (/^\d{1,9}$/.test(value) && Number(value) > 0) id = Number(value);
      break;
    }
    const titles =
      typeof fields.titles === 'object' && fields.titles !== null
        ? (fields.titles as Record<string, unknown>)
        : {};
    const episodes = positiveCount(typeof fields.episodeCount === 'number' ? fields.episodeCount : null);
    const subtype = typeof fields.subtype === 'string' ? fields.subtype : '';
    entries.push({
      id,
      title: text(fields.canonicalTitle) ?? text(titles.en_jp) ?? text(titles.en),
      list: kitsuStatusToList(attributes.status),
      rating: starsFromScore(attributes.ratingTwenty, 'RATING_TWENTY'),
      opinion: opinionFromNotes(attributes.notes),
      progress: episodeProgress(attributes.progress, episodes),
      episodes,
      type: Object.hasOwn(SUBTYPES, subtype) ? (SUBTYPES[subtype] ?? null) : null,
      startedAt: isoDay(attributes.startedAt),
      finishedAt: isoDay(attributes.finishedAt),
      updatedAt: isoInstant(attributes.updatedAt),
      adult: fields.nsfw === true,
    });
  }
  return entries;
}
