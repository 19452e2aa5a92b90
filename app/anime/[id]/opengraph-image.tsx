import { OG_SIZE, renderOgImage } from '@/components/detail/og-image';

export const size = OG_SIZE;
export const contentType = 'image/png';
export const alt = 'Anime Master';

export default async function OpengraphImage({ params }: { params: Promise<{ id: string }> }) {
  return renderOgImage((await params).id);
}
