export const ANILIST_FAN: string;
export const ANILIST_PRIVATE: string;
export const KITSU_FAN: string;
export const KITSU_PRIVATE: string;
export const ANILIST_MAX_CHUNK: number;
export const KITSU_MAX_LIMIT: number;
/** AniList's answer to a GraphQL POST body: [status, body, headers]. */
export function anilistAnswer(body: unknown): [number, unknown, Record<string, string>];
/** Kitsu's answer to a GET under /api/edge: [status, body, headers]. */
export function kitsuAnswer(
  path: string,
  params: URLSearchParams,
  origin: string,
): [number, unknown, Record<string, string>];
