import { notFound } from 'next/navigation';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

// Any path no route claims (SPEC §2): the 404 page, in the visitor's language, with status 404.
export default async function UnknownPage({ params }: { params: Promise<LocaleParams> }) {
  await resolvePageLocale(params);
  notFound();
}
