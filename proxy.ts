import { NextResponse, type NextRequest } from 'next/server';
import { isLocale, LOCALE_COOKIE } from '@/lib/i18n/config';

/**
 * Next 16's request proxy (the former middleware). It keeps the locale cookie honest: a tampered
 * value is dropped so server rendering falls back to the default language (pt) instead of trusting it.
 */
export function proxy(request: NextRequest) {
  const value = request.cookies.get(LOCALE_COOKIE)?.value;
  if (value !== undefined && !isLocale(value)) {
    request.cookies.delete(LOCALE_COOKIE);
    const response = NextResponse.next({ request });
    response.cookies.delete(LOCALE_COOKIE);
    return response;
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: API routes, static assets and image optimisation skip the proxy.
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|svg|ico|webp|woff2)$).*)'],
};
