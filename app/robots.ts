import type { MetadataRoute } from 'next';

// Crawlers may read every page; /test is a developer page and the API is not a page.
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', allow: '/', disallow: ['/test', '/api/'] } };
}
