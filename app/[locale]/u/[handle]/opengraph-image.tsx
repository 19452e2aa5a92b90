import { notFound } from 'next/navigation';
import { renderProfileOgImage } from '@/components/profile/profile-og-image';
import { OG_SIZE } from '@/components/detail/og-image';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';
import { handleFromSegment } from '@/lib/profile/handle';
import { cachedProfile } from '@/lib/profile/pages';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Anime Master';
export const revalidate = 30;

export default async function OpengraphImage({
  params,
}: {
  params: Promise<LocaleParams & { handle: string }>;
}) {
  const locale = await resolvePageLocale(params);
  const handle = handleFromSegment((await params).handle);
  const found = handle === null ? null : await cachedProfile(handle);
  if (!found || found.kind !== 'profile') notFound();
  return renderProfileOgImage(found.profile, locale);
}
