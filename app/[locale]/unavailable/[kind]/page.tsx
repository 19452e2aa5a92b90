import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DetailNotFound } from '@/components/detail/detail-not-found';
import { DetailUnavailableReload } from '@/components/detail/detail-unavailable';
import { INTERNAL_PAGE_KINDS, type InternalPageKind } from '@/lib/detail/unavailable-response';
import { locales } from '@/lib/i18n/config';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

/**
 * 'Anime não disponível' as a whole page, prerendered for both languages at build time. Never
 * visited directly (proxy.ts refuses its address from outside): proxy.ts serves its HTML with
 * status 503 and Retry-After in place of an anime page that cannot be had right now,
 * and, as kind 'not-found', 'Anime não encontrado' with status 404 for an id that is invalid or
 * unknown to the database (a page rendered whole, where a thrown notFound() sends an empty shell).
 */
export const dynamicParams = false;

export function generateStaticParams(): (LocaleParams & { kind: InternalPageKind })[] {
  return locales.flatMap((locale) => INTERNAL_PAGE_KINDS.map((kind) => ({ locale, kind })));
}

type Props = { params: Promise<LocaleParams & { kind: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await resolvePageLocale(params);
  const t = await getTranslations({ locale, namespace: 'DetailError' });
  const { kind } = await params;
  return { title: t(kind === 'not-found' ? 'notFoundTitle' : 'title'), robots: { index: false } };
}

export default async function UnavailablePage({ params }: Props) {
  await resolvePageLocale(params);
  const { kind } = await params;
  if (kind === 'not-found') return <DetailNotFound />;
  if (kind !== 'detail' && kind !== 'edit') notFound();
  return <DetailUnavailableReload edit={kind === 'edit'} />;
}
