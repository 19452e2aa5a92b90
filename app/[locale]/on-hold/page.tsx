import { ListPage, listPageMetadata } from '@/components/lists/list-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// A static shell per language; the entries live in the visitor's browser (components/lists).
export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  return listPageMetadata('ON_HOLD', await resolvePageLocale(params));
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  return <ListPage type="ON_HOLD" locale={await resolvePageLocale(params)} />;
}
