import { NextResponse, type NextRequest } from 'next/server';
import { internalPagePath } from '@/lib/discovery/params';
import { defaultLocale, isLocale, LOCALE_COOKIE } from '@/lib/i18n/config';

/**
 * Next 16's request proxy (the former middleware). Page URLs carry no locale (SPEC §2 routes): the
 * NEXT_LOCALE cookie chooses the language, and each request is rewritten internally to
 * /{locale}/… (see internalPagePath), where pages are rendered once per language and cached.
 * A tampered cookie value is dropped, so the page falls back to the default language (pt).
 *
 * The same URL answers in two languages. Next's render cache is keyed by the rewritten path, so
 * the two never mix here; on a Vercel-style deployment this proxy runs before the edge cache too
 * (README, Deployment). Next sets the page's Vary header itself, so `Vary: Cookie` cannot be added.
 */
// Metadata images (opengraph-image under app/[locale]) are linked by their internal path already.
const LOCALISED_METADATA_IMAGE = /^\/(?:pt|en)\/.+\/opengraph-image(?:-\w+)?$/;

export function proxy(request: NextRequest) {
  if (LOCALISED_METADATA_IMAGE.test(request.nextUrl.pathname)) return NextResponse.next();
  const value = request.cookies.get(LOCALE_COOKIE)?.value;
  const locale = isLocale(value) ? value : defaultLocale;
  const { pathname, searchParams } = request.nextUrl;
  // A clone of nextUrl keeps Next's own idea of this server's address: a URL built from
  // request.url may name another host (localhost for 127.0.0.1) and would be proxied, not rewritten.
  const target = request.nextUrl.clone();
  target.pathname = internalPagePath(pathname, searchParams, locale);
  target.search = '';

  const response = NextResponse.rewrite(target);
  if (value !== undefined && !isLocale(value)) response.cookies.delete(LOCALE_COOKIE);
  return response;
}

export const config = {
  // Pages only: API routes, Next's own files, metadata images and static assets skip the proxy.
  matcher: [
    '/((?!api|_next/static|_next/image|_next/data|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|gif|svg|ico|webp|avif|woff2?|mp3|wav|txt|xml)$).*)',
  ],
};
