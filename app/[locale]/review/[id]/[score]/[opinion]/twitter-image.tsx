import { onDemandStaticParams } from '@/lib/i18n/page-locale';

// The same card as the Open Graph image, for the twitter:image tag. Segment settings must be
// written here (Next reads them from this file's own source).
export { alt, contentType, default, size } from './opengraph-image';
export const revalidate = 600;
export const dynamic = 'force-static';
export const generateStaticParams = onDemandStaticParams;
