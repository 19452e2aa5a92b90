import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DetailUnavailableReload } from '@/components/detail/detail-unavailable';
import { UNAVAILABLE_KINDS, type UnavailableKind } from '@/lib/detail/unavailable-response';
import { locales } from '@/lib/i18n/config';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * 'Anime não disponível' as a whole page, prerendered for both languages at build time. Never
 * visited directly (proxy.ts refuses its address from outside): proxy.ts serves its HTML with
 * status 503 and Retry-After in place of an anime page that cannot be had right now (issue 9).
 */
export const dynamicParams = false;

export function generateStaticParams(): (LocaleParams & { kind: UnavailableKind })[] {
  return locales.flatMap((locale) => UNAVAILABLE_KINDS.map((kind) => ({ locale, kind })));
}

type Props = { params: Promise<LocaleParams & { kind: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'DetailError' });
  return { title: t('title'), robots: { index: false } };
}

export default async function UnavailablePage({ params }: Props) {
  await resolvePageLocale(params);
  const { kind } = await params;
  if (!(UNAVAILABLE_KINDS as readonly string[]).includes(kind)) notFound();
  return <DetailUnavailableReload edit={kind === 'edit'} />;
}
