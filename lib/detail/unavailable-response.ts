import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { htmlLang, LOCALE_COOKIE, type Locale } from '@/lib/i18n/config';
import { routes } from '@/lib/routes';
import { processState } from '@/lib/server/process-state';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';

/**
 * The 503 answer of an anime page that cannot be had right now, built by proxy.ts.
 *
 * Next keeps no status a proxy gives a rewrite (`NextResponse.rewrite(url, { status: 503 })` is
 * answered 200 by `next start`: the router applies the rewrite's headers, not its status), and a
 * cached page cannot set its own. So the proxy answers with a body of its own: the HTML of the
 * app's prerendered 'Anime não disponível' page (app/[locale]/unavailable/[kind], built for both
 * languages at build time, with the header, footer and the links to search and explore), fetched
 * once per language and kind from this same server and kept for the life of the process (it is
 * static for a build). That internal page answers only requests carrying this process's token.
 * If it cannot be fetched, a plain page with the same words and links stands in.
 *
 * 'Anime não encontrado' (404) for an invalid id or one the database does not know is answered
 * the same way (kind 'not-found'). Thrown from the detail page, notFound() reaches the HTML as
 * Next's empty error shell (the message is only in the RSC data, rendered by the client), so a
 * broken shared link read without JavaScript, or by a crawler, showed nothing.
 */

export const UNAVAILABLE_KINDS = ['detail', 'edit'] as const;
export type UnavailableKind = (typeof UNAVAILABLE_KINDS)[number];
/** The internal pages: 'Anime não disponível' for the detail and edit pages, and 'Anime não encontrado'. */
export const INTERNAL_PAGE_KINDS = [...UNAVAILABLE_KINDS, 'not-found'] as const;
export type InternalPageKind = (typeof INTERNAL_PAGE_KINDS)[number];

/** Public path of the internal page (proxy.ts refuses it without the token). */
export const UNAVAILABLE_PATH = /^\/unavailable\/(?:detail|edit|not-found)$/;
const INTERNAL_HEADER = 'x-anime-master-internal';
const FETCH_TIMEOUT_MS = 5_000;

const state = processState<{
  internalToken?: string;
  unavailablePages?: Map<string, Promise<string | null>>;
}>('unavailable-pages', () => ({}));

function internalToken(): string {
  state.internalToken ??= crypto.randomUUID();
  return state.internalToken;
}

/** Whether a request for the internal page comes from this process's own fetch below. */
export function isInternalRequest(request: NextRequest): boolean {
  return request.headers.get(INTERNAL_HEADER) === internalToken();
}

async function fetchPage(origin: string, locale: Locale, kind: InternalPageKind): Promise<string | null> {
  try {
    const response = await fetch(new URL(`/unavailable/${kind}`, origin), {
      headers: { [INTERNAL_HEADER]: internalToken(), cookie: `${LOCALE_COOKIE}=${locale}` },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/html')) {
      await response.body?.cancel().catch(() => undefined);
      console.warn(`[unavailable] internal page answered ${response.status}`);
      return null;
    }
    return await response.text();
  } catch (error) {
    console.warn('[unavailable] internal page not fetched', error);
    return null;
  }
}

/** The prerendered page's HTML, fetched once per language and kind (a failure is retried next time). */
async function pageHtml(origin: string, locale: Locale, kind: InternalPageKind): Promise<string | null> {
  state.unavailablePages ??= new Map();
  const pages = state.unavailablePages;
  const key = `${locale}:${kind}`;
  let page = pages.get(key);
  if (!page) {
    page = fetchPage(origin, locale, kind);
    pages.set(key, page);
  }
  const html = await page;
  if (html === null && pages.get(key) === page) pages.delete(key);
  return html;
}

/** The stand-in: the same words and links, no script, no outside resource. */
export function fallbackHtml(locale: Locale, kind: InternalPageKind, id: number | null): string {
  const t = (locale === 'en' ? en : pt).DetailError;
  const link = (href: string, label: string) => `<a href="${href}">${label}</a>`;
  const title = kind === 'not-found' ? t.notFoundTitle : t.title;
  const text = kind === 'not-found' ? t.notFoundText : kind === 'edit' ? t.editText : t.text;
  const retry =
    kind === 'not-found' || id === null
      ? ''
      : link(kind === 'edit' ? routes.animeEdit(id) : routes.anime(id), t.retry);
  return [
    '<!doctype html>',
    `<html lang="${htmlLang[locale]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${title} · Anime Master</title>`,
    '<style>body{font-family:system-ui,sans-serif;background:#0c0c14;color:#f7f7fb;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:36rem;padding:1.5rem;text-align:center}a{color:#c4b5fd;margin:0 .5rem}</style>',
    `</head><body><main${kind === 'not-found' ? '' : ' role="alert"'}>`,
    `<h1>${title}</h1><p>${text}</p>`,
    `<p>${retry}${link(routes.search, t.search)}${link(routes.explore, t.explore)}</p>`,
    '</main></body></html>',
  ].join('');
}

/** An internal page's HTML (or its stand-in) with `status`; a HEAD gets the headers only. */
async function internalPageResponse(
  request: NextRequest,
  {
    locale,
    kind,
    id,
    status,
    headers,
  }: { locale: Locale; kind: InternalPageKind; id: number | null; status: number; headers: Headers },
): Promise<NextResponse> {
  if (request.method === 'HEAD') return new NextResponse(null, { status, headers });
  const html = (await pageHtml(new URL(request.url).origin, locale, kind)) ?? fallbackHtml(locale, kind, id);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new NextResponse(html, { status, headers });
}

/**
 * 503 with Retry-After, never stored by any cache. A client-side navigation gets the same answer
 * (Next hides its RSC headers from the proxy): the router, seeing a failed answer that is not an
 * RSC payload, loads the address as a document, which shows this page.
 */
export function unavailableResponse(
  request: NextRequest,
  {
    locale,
    kind,
    id,
    retryAfterSeconds,
  }: { locale: Locale; kind: UnavailableKind; id: number; retryAfterSeconds: number },
): Promise<NextResponse> {
  const headers = new Headers({
    'Retry-After': String(retryAfterSeconds),
    'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
  });
  return internalPageResponse(request, { locale, kind, id, status: 503, headers });
}

/**
 * 'Anime não encontrado' with status 404 for /anime/{id} and its edit page. A shared cache may keep
 * it a minute, per language (the cookie): it is the same for every visitor, and a new anime can
 * take an unknown id later.
 */
export function animeNotFoundResponse(request: NextRequest, locale: Locale): Promise<NextResponse> {
  const headers = new Headers({ 'Cache-Control': 'public, max-age=0, s-maxage=60', Vary: 'Cookie' });
  return internalPageResponse(request, { locale, kind: 'not-found', id: null, status: 404, headers });
}
