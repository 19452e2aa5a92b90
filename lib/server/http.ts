import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { MAX_ANIME_ID } from '@/lib/jikan/types';
import { cleanText } from '@/lib/utils/clean-text';
import { AppError } from './errors';
import { MAX_QUERY_LENGTH } from './upstream';

export { MAX_QUERY_LENGTH };

/**
 * What app/api route handlers share: input parsing that fails with INVALID_INPUT/INVALID_ID before
 * any upstream call, and the Cache-Control policy.
 */

/** Listings and details are the same for every anonymous visitor: let a CDN serve repeats. */
export const CACHE_SHARED = 'public, s-maxage=600, stale-while-revalidate=86400';
export const CACHE_NONE = 'no-store';
/**
 * A last-known-good copy answered while the database could not answer: kept by a CDN for a second
 * at most (like the page showing it), so no shared cache holds it longer than a fresh answer.
 */
export const CACHE_BRIEF = 'public, max-age=0, s-maxage=1';
/** An answer that depends on a verified identity: never kept by a shared cache (nor on disk). */
export const CACHE_PRIVATE = 'private, no-store';

/**
 * `shared` only for real data meant for everyone: a stand-in answer (the empty page served while
 * the database is down) must not be pinned in a CDN, nor must anything shown because of who asked
 * (`personal`: an answer for a verified identity, see request-auth.ts).
 */
export function jsonResponse<T>(
  body: T,
  {
    shared,
    personal = false,
    varyOnCredentials = false,
    brief = false,
  }: { shared: boolean; personal?: boolean; varyOnCredentials?: boolean; brief?: boolean },
): NextResponse<T> {
  const headers = new Headers({
    'Cache-Control': personal ? CACHE_PRIVATE : !shared ? CACHE_NONE : brief ? CACHE_BRIEF : CACHE_SHARED,
  });
  // An answer that would differ for a signed-in caller must not be reused for one by a CDN.
  if (varyOnCredentials) headers.set('Vary', VARY_CREDENTIALS);
  return NextResponse.json(body, { headers });
}

/** Who asked decides what may be sent (see request-auth.ts). */
export const VARY_CREDENTIALS = 'Authorization, Cookie';

/** Content shown because of who asked (a verified adult): this browser only, never a CDN. */
export function privateJsonResponse<T>(body: T): NextResponse<T> {
  return NextResponse.json(body, {
    headers: { 'Cache-Control': CACHE_PRIVATE, Vary: VARY_CREDENTIALS },
  });
}

/** A text parameter, cleaned of invisible controls and trimmed (clean-text.ts); blank counts as absent. */
export function textParam(maxLength = MAX_QUERY_LENGTH) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined ? undefined : cleanText(value);
      if (!text) return undefined;
      if (text.length > maxLength) {
        ctx.addIssue({ code: 'custom', message: `at most ${maxLength} characters` });
        return z.NEVER;
      }
      return text;
    });
}

/** A whole number in [min, max] written in plain digits ("1e3", "1.0", "-1" are refused). */
export function intParam(min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return undefined;
      const number = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: 'custom', message: `an integer from ${min} to ${max}` });
        return z.NEVER;
      }
      return number;
    });
}

/** Jikan pages are 1-based; nobody pages past 1000 of them. */
export const pageParam = intParam(1, 1000);
/** Jikan's own maximum page size is 25. */
export const limitParam = intParam(1, 25);

/**
 * Query parameters through a zod object schema. Only the first value of a repeated parameter
 * counts; names the schema does not know are ignored (notably any `adult=`: see request-auth.ts).
 * The error names the bad parameters but never echoes their values.
 */
export function parseQuery<S extends z.ZodObject>(request: Request, schema: S): z.output<S> {
  const searchParams = new URL(request.url).searchParams;
  const input: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = searchParams.get(name);
    if (value !== null) input[name] = value;
  }
  return parseOrThrow(schema, input, 'INVALID_INPUT');
}

export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: 'INVALID_INPUT' | 'INVALID_ID',
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  if (code === 'INVALID_ID') throw new AppError('INVALID_ID');
  const names = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'body'))];
  throw new AppError('INVALID_INPUT', `Parâmetros inválidos: ${names.join(', ')}.`);
}

/** A MyAnimeList id as it appears in a URL: positive, plain digits, at most MAX_ANIME_ID. */
export const animeIdParam = z
  .string()
  .regex(/^[1-9]\d{0,6}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ANIME_ID);
