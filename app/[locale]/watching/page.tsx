import { ListPage, listPageMetadata } from '@/components/lists/list-page';
import { localeStaticParams, resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const generateStaticParams = localeStaticParams;

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }) {
  await resolvePageLocale(params);
  return listPageMetadata('WATCHING');
}

export default async function Page({ params }: { params: Promise<LocaleParams> }) {
  await resolvePageLocale(params);
  return <ListPage type="WATCHING" />;
}
