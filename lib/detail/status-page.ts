import { htmlLang, type Locale } from '@/lib/i18n/config';
import { routes } from '@/lib/routes';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import { parseAnimeId } from './anime-id';

/**
 * 'Anime não disponível' with status 503 and Retry-After, for /anime/{id} and its edit page.
 *
 * A page cannot choose its status in Next 16: a render answers 200, or 404 (notFound()),
 * 401/403 (unauthorized(), forbidden()), a redirect, or 500 for an error. So a page of one anime
 * whose record cannot be had right now (and of which no good page is cached) redirects to
 * `/anime/{id}/unavailable/{seconds}` (or `/anime/{id}/edit/unavailable/{seconds}`), a route
 * handler that answers this page with status 503, `Retry-After: {seconds}` and `no-store`. proxy.ts
 * only rewrites that address to the handler of the visitor's language, as for every page; the
 * handler reads nothing but its URL, so it holds on any instance and on any platform.
 *
 * The page is whole HTML with no script: the words and links of SPEC §8, and 'Tentar novamente',
 * a form that loads the anime's page again.
 */

export const UNAVAILABLE_KINDS = ['detail', 'edit'] as const;
export type UnavailableKind = (typeof UNAVAILABLE_KINDS)[number];

/** How long a failure other than a 429 (timeout, 5xx, malformed answer) is announced for. */
export const DETAIL_RETRY_SECONDS = 15;
/** The longest Retry-After the address may carry (an hour). */
export const MAX_RETRY_SECONDS = 3600;

/** The address of the 503 page for anime `rawId`'s page of `kind`. */
export function unavailablePath(kind: UnavailableKind, id: number, retryAfterSeconds: number): string {
  const seconds = Math.min(MAX_RETRY_SECONDS, Math.max(1, Math.ceil(retryAfterSeconds)));
  return `${kind === 'edit' ? routes.animeEdit(id) : routes.anime(id)}/unavailable/${seconds}`;
}

/** The id and seconds of a 503 page's address segments, or null when they are not ones the app makes. */
export function parseUnavailableSegments(
  rawId: string,
  rawSeconds: string,
): { id: number; seconds: number } | null {
  const id = parseAnimeId(rawId);
  if (id === null || !/^[1-9]\d{0,3}$/.test(rawSeconds)) return null;
  const seconds = Number(rawSeconds);
  return seconds <= MAX_RETRY_SECONDS ? { id, seconds } : null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The 503 page's HTML: title, words, 'Tentar novamente', search and explore. */
export function unavailableHtml(locale: Locale, kind: UnavailableKind, id: number): string {
  const t = (locale === 'en' ? en : pt).DetailError;
  const back = kind === 'edit' ? routes.animeEdit(id) : routes.anime(id);
  const link = (href: string, label: string) => `<a class="button" href="${href}">${escapeHtml(label)}</a>`;
  return [
    '<!doctype html>',
    `<html lang="${htmlLang[locale]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(t.title)} · Anime Master</title>`,
    '<style>',
    'body{font-family:system-ui,sans-serif;background:#0c0c14;color:#f7f7fb;margin:0;min-height:100vh}',
    'header{padding:1rem 1.5rem;border-bottom:1px solid #272736}header a{color:#f7f7fb;font-weight:700;text-decoration:none}',
    'main{max-width:36rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}.title{font-size:1.5rem}',
    'p{color:#b4b4c8}form,nav{display:inline}',
    '.button{display:inline-block;margin:.25rem;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #6d5dfc;',
    'background:transparent;color:#c4b5fd;font:inherit;text-decoration:none;cursor:pointer}',
    'button.button{background:#6d5dfc;color:#fff}',
    '@media (prefers-color-scheme:light){body{background:#fafafc;color:#14141f}header a{color:#14141f}p{color:#4a4a5e}',
    '.button{color:#4c3fd1}button.button{color:#fff;background:#4c3fd1}}',
    '</style>',
    `</head><body><header><a href="${routes.home}">Anime Master</a></header>`,
    `<main role="alert"><h1 class="title">${escapeHtml(t.title)}</h1>`,
    `<p>${escapeHtml(kind === 'edit' ? t.editText : t.text)}</p>`,
    `<form method="get" action="${back}"><button class="button" type="submit">${escapeHtml(t.retry)}</button></form>`,
    `<nav>${link(routes.search, t.search)}${link(routes.explore, t.explore)}</nav>`,
    '</main></body></html>',
  ].join('');
}

/** The 503 answer: never stored by any cache; a HEAD gets the headers only. */
export function unavailableResponse(
  request: Request,
  { locale, kind, id, seconds }: { locale: Locale; kind: UnavailableKind; id: number; seconds: number },
): Response {
  const headers = new Headers({
    'Retry-After': String(seconds),
    'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'Content-Type': 'text/html; charset=utf-8',
  });
  const body = request.method === 'HEAD' ? null : unavailableHtml(locale, kind, id);
  return new Response(body, { status: 503, headers });
}
