import { OG_SIZE, renderOgImage } from '@/components/detail/og-image';
import { resolvePageLocale, type LocaleParams } from '@/lib/i18n/page-locale';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Anime Master';
export const revalidate = 600;

export default async function OpengraphImage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  await resolvePageLocale(params);
  return renderOgImage((await params).id);
}
