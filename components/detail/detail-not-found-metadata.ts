import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/config';
import type { LocaleParams } from '@/lib/i18n/page-locale';

/** The tab title of 'Anime não encontrado' (the not-found files of the anime pages). */
export async function detailNotFoundMetadata({
  params,
}: {
  params: Promise<LocaleParams>;
}): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'DetailError' });
  return { title: t('notFoundTitle'), robots: { index: false } };
}
