import type { MetadataRoute } from 'next';
import { archiveSeasons, seasonAt, seasonHref } from '@/lib/discovery/browse-params';
import { siteUrl } from '@/lib/env';
import { publicIndexableProfiles } from '@/lib/profile/pages';
import {
  animePageUrl,
  isBuildPhase,
  SITEMAP_PART_SIZE,
  sitemapAnimeIds,
  sitemapPartCount,
} from '@/lib/sitemap';
import { sitemapPart } from '@/lib/sitemap/parts';

// Read at request time: the list grows with every record fetched, and addresses name SITE_URL.
// Its cost is bounded by the shared cache of ids (lib/sitemap).
export const dynamic = 'force-dynamic';

/**
 * /sitemap/{n}.xml: parts of SITEMAP_PART_SIZE anime pages, as many as the store needs (robots.txt
 * names them); the first also lists the public profiles whose owners allow indexing and every
 * season of the archive.
 */
export async function generateSitemaps() {
  const count = sitemapPartCount((await sitemapAnimeIds()).length, SITEMAP_PART_SIZE);
  return Array.from({ length: count }, (_, id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const part = Number(await id);
  // Each address once: the page answers in the visitor's language (no locale in the URL).
  const anime = sitemapPart(await sitemapAnimeIds(), part).map((animeId) => ({ url: animePageUrl(animeId) }));
  // Public profiles whose owners allow indexing (few beside the anime): with the first part.
  const handles = part === 0 && !isBuildPhase() ? await publicIndexableProfiles() : [];
  // The season archive (about 440 pages, one per season since 1917): with the first part.
  const seasons =
    part === 0
      ? archiveSeasons(seasonAt(new Date())).map((season) => ({ url: `${siteUrl()}${seasonHref(season)}` }))
      : [];
  return [
    ...anime,
    ...handles.map((handle) => ({ url: `${siteUrl()}/u/${encodeURIComponent(handle)}` })),
    ...seasons,
  ];
}
