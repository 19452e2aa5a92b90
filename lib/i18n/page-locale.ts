import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, locales, type Locale } from './config';

/** The `params` every page under app/[locale] receives (proxy.ts supplies the locale). */
export interface LocaleParams {
  locale: string;
}

/**
 * Reads the locale of a page's params and hands it to next-intl for this render (its docs ask for
 * this in every layout and page of a statically rendered tree). An unknown locale is a 404: only
 * a request that bypassed proxy.ts can carry one.
 */
export async function resolvePageLocale(params: Promise<LocaleParams>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/** Pages without data: both languages are rendered at build time. */
export function localeStaticParams(): LocaleParams[] {
  return locales.map((locale) => ({ locale }));
}

/**
 * Pages with anime data are rendered on their first request, not at build time (the anime
 * database is not reachable from a build), then served from the render cache and regenerated in
 * the background (ISR). An empty list is how Next is told "all paths on demand".
 */
export function onDemandStaticParams(): LocaleParams[] {
  return [];
}

