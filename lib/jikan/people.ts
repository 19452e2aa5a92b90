import 'server-only';
import { z } from 'zod';
import { catalogueDetails } from '@/lib/catalogue';
import { storedRecords } from '@/lib/records';
import { AppError } from '@/lib/server/errors';
import { httpUrl } from '@/lib/server/upstream';
import { jikanGet } from './client';
import { gateAnimeList, type ContentAccess } from './filter';
import { UNKNOWN_FACTS, type Anime } from './types';

/**
 * A voice actor or staff member (GET /people/{id}/full): names, photo and anime credits. The
 * database's credits name each anime only by id, title and cover; its year and age rating come
 * from what the server keeps (lib/records, or what this process learnt and has not stored yet) or
 * the offline catalogue's air dates. A credit whose
 * anime's age rating the server does not know is withheld from visitors and counted (fail closed,
 * as recommendations are).
 */

const text = z.string().nullish();
const imagesSchema = z
  .object({
    jpg: z.object({ image_url: text, small_image_url: text, large_image_url: text }).nullish(),
    webp: z.object({ image_url: text, small_image_url: text, large_image_url: text }).nullish(),
  })
  .nullish();
const metaSchema = z
  .object({ mal_id: z.number().nullish(), title: text, name: text, images: imagesSchema })
  .nullish();

export const jikanPersonSchema = z.object({
  data: z.object({
    mal_id: z.number(),
    name: text,
    given_name: text,
    family_name: text,
    alternate_names: z.array(z.string().nullish()).nullish(),
    birthday: text,
    images: z.object({ jpg: z.object({ image_url: text }).nullish() }).nullish(),
    anime: z.array(z.object({ position: text, anime: metaSchema }).nullish()).nullish(),
    voices: z.array(z.object({ role: text, anime: metaSchema, character: metaSchema }).nullish()).nullish(),
  }),
});

export interface PersonCredit {
  anime: { id: number; title: string; image: string | null };
  /** The character voiced, for a voice role. */
  character: { id: number; name: string } | null;
  /** 'Main' or 'Supporting' for a voice role; the staff position otherwise. */
  role: string;
}

export interface KeptPerson {
  id: number;
  name: string;
  givenName: string | null;
  familyName: string | null;
  alternateNames: string[];
  birthday: string | null;
  image: string | null;
  credits: PersonCredit[];
}

export interface PersonCreditView extends PersonCredit {
  year: number | null;
}

export interface PersonView extends Omit<KeptPerson, 'credits'> {
  credits: PersonCreditView[];
  /** Credits left out for this caller: their anime is adult content or its age rating is unknown. */
  withheld: number;
}

/** Most credits kept: the busiest voice actors have a few thousand; the page shows the newest. */
export const MAX_CREDITS = 300;

const image = (images: z.infer<typeof imagesSchema>) =>
  httpUrl(images?.jpg?.image_url) ?? httpUrl(images?.webp?.image_url) ?? null;

function toKeptPerson(response: z.infer<typeof jikanPersonSchema>): KeptPerson {
  const person = response.data;
  const credits: PersonCredit[] = [];
  for (const voice of person.voices ?? []) {
    const id = voice?.anime?.mal_id;
    const title = voice?.anime?.title?.trim();
    if (!voice || !id || !title) continue;
    const characterId = voice.character?.mal_id;
    const characterName = voice.character?.name?.trim();
    credits.push({
      anime: { id, title, image: image(voice.anime?.images) },
      character: characterId && characterName ? { id: characterId, name: characterName } : null,
      role: voice.role?.trim() ?? '',
    });
  }
  for (const work of person.anime ?? []) {
    const id = work?.anime?.mal_id;
    const title = work?.anime?.title?.trim();
    if (!work || !id || !title) continue;
    credits.push({
      anime: { id, title, image: image(work.anime?.images) },
      character: null,
      role: work.position?.trim() ?? '',
    });
  }
  return {
    id: person.mal_id,
    name: person.name?.trim() || `#${person.mal_id}`,
    givenName: person.given_name?.trim() || null,
    familyName: person.family_name?.trim() || null,
    alternateNames: (person.alternate_names ?? []).flatMap((name) => (name?.trim() ? [name.trim()] : [])),
    birthday: person.birthday ?? null,
    image: httpUrl(person.images?.jpg?.image_url) ?? null,
    credits: credits.slice(0, MAX_CREDITS),
  };
}

export function isPersonId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 10_000_000;
}

/** One person's record from the data layer; throws AppError (NOT_FOUND, outages) like details. */
export function getKeptPerson(id: number): Promise<KeptPerson> {
  if (!isPersonId(id)) throw new AppError('INVALID_ID');
  return jikanGet({
    path: `/people/${id}/full`,
    schema: jikanPersonSchema,
    map: toKeptPerson,
    rememberNotFound: true,
  });
}

/**
 * Credits with what the server knows of each anime, newest first (unknown years last, in the
 * database's order), as `access` may see them.
 */
export function viewPerson(
  person: KeptPerson,
  known: ReadonlyMap<number, Anime>,
  access: ContentAccess,
): PersonView {
  const facts = person.credits.map((credit, index) => {
    const record = known.get(credit.anime.id);
    const anime: Anime = record ?? {
      id: credit.anime.id,
      title: credit.anime.title,
      ...UNKNOWN_FACTS,
      year: catalogueDetails(credit.anime.id)?.year ?? null,
      images: { cover: credit.anime.image, small: null },
      genres: [],
      adultFactsUnknown: true,
    };
    return { ...anime, credit, index };
  });
  const { shown, withheld } = gateAnimeList(facts, access);
  // Known-adult credits are withheld too (gateAnimeList counts only the unknown ones).
  const hidden = facts.length - shown.length;
  const credits = shown
    .sort((a, b) => (b.year ?? -Infinity) - (a.year ?? -Infinity) || a.index - b.index)
    .map(({ credit, year }) => ({ ...credit, year: year ?? null }));
  return { ...person, credits, withheld: Math.max(withheld, hidden) };
}

/** A person as `access` may see them. */
export async function getPerson(id: number, access: ContentAccess): Promise<PersonView> {
  const person = await getKeptPerson(id);
  const stored = await storedRecords([...new Set(person.credits.map((credit) => credit.anime.id))]);
  const known = new Map<number, Anime>();
  for (const [animeId, row] of stored) known.set(animeId, row.record);
  // What this process learnt from the database and has not stored yet (the store writes later).
  for (const credit of person.credits) {
    if (known.has(credit.anime.id)) continue;
    const learnt = catalogueDetails(credit.anime.id);
    if (learnt && !learnt.adultFactsUnknown) known.set(credit.anime.id, learnt);
  }
  return viewPerson(person, known, access);
}
