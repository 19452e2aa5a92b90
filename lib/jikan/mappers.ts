import 'server-only';
import { httpUrl } from '@/lib/server/upstream';
import type { JikanAnime } from './schemas';
import { isTimeZone } from '@/lib/schedule/airing';
import type { Anime, AnimeDetails, AnimeRelation, BroadcastSlot, ExternalLink } from './types';

/** Raw Jikan records → the app's types. Every absent or empty value becomes null or []. */

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function firstUrl(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const url = httpUrl(value);
    if (url) return url;
  }
  return null;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function titleOfType(raw: JikanAnime, type: string): string | null {
  for (const entry of raw.titles ?? []) {
    if (entry.type === type) {
      const title = nonEmpty(entry.title);
      if (title) return title;
    }
  }
  return null;
}

function names(...lists: ({ name?: string | null }[] | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const list of lists) {
    for (const entry of list ?? []) {
      const name = nonEmpty(entry.name);
      if (name) seen.add(name);
    }
  }
  return [...seen];
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The trailer's thumbnail as Jikan gives it (YouTube's image host), largest first. */
function trailerThumbnail(trailer: JikanAnime['trailer']): string | null {
  const images = trailer?.images;
  for (const candidate of [
    images?.large_image_url,
    images?.medium_image_url,
    images?.image_url,
    images?.maximum_image_url,
  ]) {
    const url = httpUrl(candidate);
    if (url) return url;
  }
  return null;
}

/** Jikan has been returning `youtube_id: null` with the id only inside `embed_url`. */
function youtubeId(trailer: JikanAnime['trailer']): string | null {
  const direct = nonEmpty(trailer?.youtube_id);
  if (direct && YOUTUBE_ID.test(direct)) return direct;
  for (const candidate of [trailer?.embed_url, trailer?.url]) {
    const url = httpUrl(candidate);
    if (!url) continue;
    const parsed = new URL(url);
    const id = parsed.searchParams.get('v') ?? parsed.pathname.match(/\/embed\/([\w-]{11})/)?.[1] ?? null;
    if (id && YOUTUBE_ID.test(id)) return id;
  }
  return null;
}

export function toAnime(raw: JikanAnime): Anime {
  const jpg = raw.images?.jpg;
  const webp = raw.images?.webp;
  return {
    id: raw.mal_id,
    title: nonEmpty(raw.title) ?? titleOfType(raw, 'Default'),
    titleEnglish: nonEmpty(raw.title_english) ?? titleOfType(raw, 'English'),
    titleJapanese: nonEmpty(raw.title_japanese) ?? titleOfType(raw, 'Japanese'),
    synopsis: nonEmpty(raw.synopsis),
    status: nonEmpty(raw.status),
    type: nonEmpty(raw.type),
    episodes: positive(raw.episodes),
    year: positive(raw.year) ?? positive(raw.aired?.prop?.from?.year),
    score: positive(raw.score),
    rating: nonEmpty(raw.rating),
    // MyAnimeList gives 0 to titles it has not ranked yet; '#0' would be nonsense.
    popularity: positive(raw.popularity),
    images: {
      cover: firstUrl(jpg?.large_image_url, jpg?.image_url, webp?.image_url),
      small: firstUrl(jpg?.small_image_url, webp?.small_image_url, jpg?.image_url, webp?.image_url),
    },
    // Themes belong here: "Harem" is a theme in Jikan v4, and the adult filter and the detail
    // page's warning banner both read this one list (SPEC §2, §5).
    genres: names(raw.genres, raw.explicit_genres, raw.themes),
  };
}

function externalLinks(raw: JikanAnime): ExternalLink[] {
  const links: ExternalLink[] = [];
  const seen = new Set<string>();
  for (const entry of [...(raw.external ?? []), ...(raw.external_links ?? [])]) {
    const url = httpUrl(entry.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    links.push({ url, name: nonEmpty(entry.name) ?? nonEmpty(entry.site) ?? new URL(url).hostname });
  }
  return links;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** MyAnimeList's broadcast times are Japanese time; Jikan names the zone, older records may not. */
const BROADCAST_ZONE = 'Asia/Tokyo';

/**
 * The weekly slot of a show on air or about to air. Jikan writes the day in the plural
 * ("Mondays"); a finished show keeps its old slot, which would promise episodes that never come.
 */
export function toBroadcast(raw: JikanAnime): BroadcastSlot | null {
  const onAir = raw.airing === true || raw.status === 'Currently Airing' || raw.status === 'Not yet aired';
  const broadcast = raw.broadcast;
  if (!onAir || !broadcast) return null;
  const dayName = nonEmpty(broadcast.day)?.toLowerCase().replace(/s$/, '');
  const day = dayName ? WEEKDAYS.indexOf(dayName) : -1;
  const time = /^(\d{1,2}):(\d{2})$/.exec(nonEmpty(broadcast.time) ?? '');
  if (day < 0 || !time || Number(time[1]) > 23 || Number(time[2]) > 59) return null;
  const timezone = nonEmpty(broadcast.timezone) ?? BROADCAST_ZONE;
  if (!isTimeZone(timezone)) return null;
  const from = /^\d{4}-\d{2}-\d{2}/.exec(raw.aired?.from ?? '')?.[0] ?? null;
  return { day, time: `${time[1]!.padStart(2, '0')}:${time[2]}`, timezone, startDate: from };
}

export function toAnimeDetails(raw: JikanAnime): AnimeDetails {
  return {
    ...toAnime(raw),
    titles: (raw.titles ?? []).flatMap((entry) => {
      const type = nonEmpty(entry.type);
      const title = nonEmpty(entry.title);
      return type && title ? [{ type, title }] : [];
    }),
    source: nonEmpty(raw.source),
    duration: nonEmpty(raw.duration),
    airedString: nonEmpty(raw.aired?.string),
    trailerYoutubeId: youtubeId(raw.trailer),
    trailerThumbnail: trailerThumbnail(raw.trailer),
    studios: names(raw.studios),
    externalLinks: externalLinks(raw),
    // SPEC §3 says "bannerImage or background", but Jikan's `background` is a paragraph of
    // trivia: it only counts when the whole value is an image URL.
    banner: firstUrl(raw.bannerImage, raw.background),
    broadcast: toBroadcast(raw),
    airedFrom: /^\d{4}-\d{2}-\d{2}/.exec(raw.aired?.from ?? '')?.[0] ?? null,
    // A basic record (/anime/{id}) has no relations at all: left absent, not empty.
    ...(raw.relations ? { relations: toRelations(raw.relations) } : {}),
  };
}

/** Jikan's relations: kinds without a name and entries without an id or a name are dropped. */
export function toRelations(raw: NonNullable<JikanAnime['relations']>): AnimeRelation[] {
  return raw.flatMap((group) => {
    const relation = nonEmpty(group.relation);
    if (!relation) return [];
    const entries = (group.entry ?? []).flatMap((entry) => {
      const name = nonEmpty(entry.name);
      const id = entry.mal_id;
      if (!name || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return [];
      return [{ id, type: nonEmpty(entry.type)?.toLowerCase() ?? 'anime', name }];
    });
    return entries.length ? [{ relation, entries }] : [];
  });
}

/** A listing's records as app types, without unapproved (pending moderation) entries (SPEC §5). */
export function toAnimeList(records: readonly JikanAnime[]): Anime[] {
  return records.filter((raw) => raw.approved !== false).map(toAnime);
}
