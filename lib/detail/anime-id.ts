/**
 * A MyAnimeList anime id as it appears in a URL (/anime/{id}): plain digits, no sign, no leading
 * zero, at most MAX_ANIME_ID. MyAnimeList's ids are below 70 000 today; seven digits leave room
 * for decades while a 16-digit id is refused before it costs an upstream call.
 */
export const MAX_ANIME_ID = 9_999_999;

export function parseAnimeId(raw: string | null | undefined): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,6}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ANIME_ID ? id : null;
}
