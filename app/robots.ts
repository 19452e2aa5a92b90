import type { MetadataRoute } from 'next';
import { sitemapAnimeIds, sitemapPartCount, sitemapPartUrl } from '@/lib/sitemap';

// Read at request time: the sitemap's parts and the public address (SITE_URL) are the server's.
export const dynamic = 'force-dynamic';

// Crawlers may read every page; /test is a developer page and the API is not a page.
export default async function robots(): Promise<MetadataRoute.Robots> {
  const parts = sitemapPartCount((await sitemapAnimeIds()).length);
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/test', '/api/'] },
    sitemap: Array.from({ length: parts }, (_, part) => sitemapPartUrl(part)),
  };
}
