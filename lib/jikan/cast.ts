import 'server-only';
import { z } from 'zod';
import { keepExtra, storedExtra, type ExtraKind } from '@/lib/records';
import { cacheKey, getCache } from '@/lib/server/cache';
import { httpUrl } from '@/lib/server/upstream';
import { jikanDeadline, jikanGet, type StoredCopy } from './client';

/**
 * An anime's characters with their voice actors (/anime/{id}/characters) and its key staff
 * (/anime/{id}/staff), through the data layer: the hot cache (days in the shared cache), the
 * durable store (lib/records' extras, kept at every fetch), then the anime database. Both are
 * read after the page, by app/api/anime/[id]/cast.
 */

const text = z.string().nullish();
const imagesSchema = z
  .object({
    jpg: z.object({ image_url: text, small_image_url: text }).nullish(),
    webp: z.object({ image_url: text, small_image_url: text }).nullish(),
  })
  .nullish();
const personSchema = z.object({ mal_id: z.number().nullish(), name: text, images: imagesSchema });

export const jikanCharactersSchema = z.object({
  data: z.array(
    z.object({
      character: personSchema,
      role: text,
      voice_actors: z.array(z.object({ person: personSchema.nullish(), language: text })).nullish(),
    }),
  ),
});

export const jikanStaffSchema = z.object({
  data: z.array(z.object({ person: personSchema, positions: z.array(z.string()).nullish() })),
});

/** The dub languages the page shows: Japanese always, Portuguese or English by the page's language. */
export const VOICE_LANGUAGES = ['Japanese', 'Portuguese (BR)', 'English'] as const;
export type VoiceLanguage = (typeof VOICE_LANGUAGES)[number];

export interface VoiceActor {
  id: number;
  name: string;
  language: VoiceLanguage;
}

export interface CastCharacter {
  id: number;
  name: string;
  image: string | null;
  /** 'Main' or 'Supporting', as Jikan names it. */
  role: string;
  voices: VoiceActor[];
}

/** The staff the page names, by position. */
export const STAFF_POSITIONS = ['Director', 'Series Composition', 'Music'] as const;
export type StaffPosition = (typeof STAFF_POSITIONS)[number];

export interface StaffCredit {
  id: number;
  name: string;
  positions: StaffPosition[];
}

/** A kept copy answered while the database could not answer: when it was fetched. */
type Stale = { stale?: { fetchedAt: string } };
export type Characters = { characters: CastCharacter[] } & Stale;
export type Staff = { staff: StaffCredit[] } & Stale;

/** Most characters kept (main ones first): the page shows them, and a row stays far under 64 kB. */
export const MAX_CHARACTERS = 60;

const image = (images: z.infer<typeof imagesSchema>) =>
  httpUrl(images?.jpg?.image_url) ?? httpUrl(images?.webp?.image_url) ?? null;

const cleanName = (name: string | null | undefined) => name?.trim() || null;

const isVoiceLanguage = (language: string | null | undefined): language is VoiceLanguage =>
  (VOICE_LANGUAGES as readonly (string | null | undefined)[]).includes(language);

/** Main characters first (Jikan's own order within each role), each with the voices the page can show. */
export function toCharacters(raw: z.infer<typeof jikanCharactersSchema>): Characters {
  const characters: CastCharacter[] = [];
  for (const entry of raw.data) {
    const id = entry.character.mal_id;
    const name = cleanName(entry.character.name);
    if (typeof id !== 'number' || !name) continue;
    const voices: VoiceActor[] = [];
    for (const voice of entry.voice_actors ?? []) {
      const person = voice.person;
      const voiceName = cleanName(person?.name);
      if (!person || typeof person.mal_id !== 'number' || !voiceName || !isVoiceLanguage(voice.language))
        continue;
      voices.push({ id: person.mal_id, name: voiceName.slice(0, 200), language: voice.language });
    }
    characters.push({
      id,
      name: name.slice(0, 200),
      image: image(entry.character.images),
      role: cleanName(entry.role) ?? 'Supporting',
      voices,
    });
  }
  const rank = (character: CastCharacter) => (character.role === 'Main' ? 0 : 1);
  // Array.prototype.sort is stable: Jikan's order stands within each role.
  return { characters: characters.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_CHARACTERS) };
}

/** Director, series composition and music, each person once with the positions they held. */
export function toStaff(raw: z.infer<typeof jikanStaffSchema>): Staff {
  const staff: StaffCredit[] = [];
  for (const entry of raw.data) {
    const id = entry.person.mal_id;
    const name = cleanName(entry.person.name);
    const positions = STAFF_POSITIONS.filter((position) => entry.positions?.includes(position));
    if (typeof id !== 'number' || !name || positions.length === 0) continue;
    staff.push({ id, name: name.slice(0, 200), positions });
  }
  return { staff: staff.slice(0, 20) };
}

function storedCopy<T extends object>(id: number, kind: ExtraKind) {
  return async (options: { waitForOpen: boolean }): Promise<StoredCopy<T> | null | undefined> => {
    const kept = await storedExtra<T>(id, kind, options);
    if (!kept) return kept;
    return {
      value: kept.data,
      stale: { ...kept.data, stale: { fetchedAt: kept.fetchedAt.toISOString() } },
      fetchedAt: kept.fetchedAt.getTime(),
      complete: true,
    };
  };
}

const markStale = <T extends object>(value: T, fetchedAt: number): T => ({
  ...value,
  stale: { fetchedAt: new Date(fetchedAt).toISOString() },
});

/** The characters of anime `id` (its id already checked). */
export function getCharacters(id: number, deadline = jikanDeadline()): Promise<Characters> {
  return jikanGet({
    path: `/anime/${id}/characters`,
    schema: jikanCharactersSchema,
    map: (raw) => {
      const characters = toCharacters(raw);
      keepExtra(id, 'characters', characters);
      return characters;
    },
    deadline,
    rememberNotFound: true,
    stored: storedCopy<Characters>(id, 'characters'),
    markStale,
  });
}

/** The key staff of anime `id` (its id already checked). */
export function getStaff(id: number, deadline = jikanDeadline()): Promise<Staff> {
  return jikanGet({
    path: `/anime/${id}/staff`,
    schema: jikanStaffSchema,
    map: (raw) => {
      const staff = toStaff(raw);
      keepExtra(id, 'staff', staff);
      return staff;
    },
    deadline,
    rememberNotFound: true,
    stored: storedCopy<Staff>(id, 'staff'),
    markStale,
  });
}

/** The kept `kind` of anime `id` without any call: the hot cache (fresh or stale), else the store. */
async function heldExtra<T>(id: number, kind: 'characters' | 'staff'): Promise<T | null> {
  const hit = await getCache()
    .get<T>(cacheKey(`jikan:/anime/${id}/${kind}`))
    .catch(() => undefined);
  if (hit) return hit.value;
  return (await storedExtra<T>(id, kind, { waitForOpen: false }))?.data ?? null;
}

/**
 * The characters and staff the server holds for anime `id`, without any call (a page render,
 * cached for everyone; the caller renders only a record every visitor may see): null when no
 * characters are held, or the database is still opening.
 */
export async function storedCast(
  id: number,
): Promise<{ characters: CastCharacter[]; staff: StaffCredit[] | null } | null> {
  const [characters, staff] = await Promise.all([
    heldExtra<Characters>(id, 'characters'),
    heldExtra<Staff>(id, 'staff'),
  ]);
  if (!characters || !Array.isArray(characters.characters)) return null;
  return {
    characters: characters.characters,
    staff: Array.isArray(staff?.staff) ? staff.staff : null,
  };
}

/** What /api/anime/{id}/cast answers (app/api/anime/[id]/cast/route.ts). */
export interface CastAnswer {
  /** Main characters first; null when neither stored nor answered now. */
  characters: CastCharacter[] | null;
  staff: StaffCredit[] | null;
  /** The oldest kept copy answered while the database could not answer, when one was. */
  stale?: { fetchedAt: string };
  /** An adult record, asked by someone without verified adult access: nothing is sent. */
  gated?: true;
}
