// Types for convert.mjs: the compact catalogue file and the bangumi-data shapes it reads.

export type CatalogueType = 'tv' | 'web' | 'movie' | 'ova';
export type CatalogueLanguage = 'en' | 'ja' | 'zh-Hans' | 'zh-Hant';

/**
 * [site key, target] or [site key, target, regions that narrow the site's own]; the target is a
 * full URL or an id for the site's template (expandLink turns either into the URL).
 */
export type CatalogueLink = [string, string] | [string, string, string[]];

export interface CatalogueRecord {
  /** MyAnimeList id. */
  id: number;
  /** The original title (usually Japanese). */
  title: string;
  /** Language of `title`. */
  lang: string;
  type: CatalogueType;
  /** First air/release date in Japan, 'YYYY-MM-DD' ('' when unknown). */
  begin: string;
  /** Last air date in Japan, '' when unknown or still running; meaningless for movies. */
  end: string;
  tr?: Partial<Record<CatalogueLanguage, string[]>>;
  /** Official site. */
  site?: string;
  links?: CatalogueLink[];
}

export interface CatalogueSite {
  name: string;
  /** URL with `{{id}}` for the entry's id. */
  template: string;
  regions: string[];
}

export interface CatalogueFile {
  format: number;
  source: { name: string; version: string; license: string };
  /** Streaming sites by key. */
  sites: Record<string, CatalogueSite>;
  records: CatalogueRecord[];
}

export interface BangumiSite {
  site: string;
  id?: string;
  url?: string;
  begin?: string;
  end?: string;
  regions?: string[];
}

export interface BangumiItem {
  title: string;
  titleTranslate?: Partial<Record<CatalogueLanguage, string[]>>;
  type: string;
  lang?: string;
  officialSite?: string;
  begin: string;
  end?: string;
  sites?: BangumiSite[];
}

export interface BangumiSiteMeta {
  title: string;
  urlTemplate: string;
  regions?: string[];
  type: 'info' | 'onair' | 'resource';
}

export interface BangumiData {
  siteMeta: Record<string, BangumiSiteMeta>;
  items: BangumiItem[];
}

export const CATALOGUE_FORMAT: number;
export function jstDate(instant: string | undefined): string;
export function streamingSites(siteMeta: Record<string, BangumiSiteMeta>): Record<string, CatalogueSite>;
export function expandTemplate(template: string | undefined, id: string | undefined): string | null;
export function linkTarget(entry: BangumiSite, meta: BangumiSiteMeta | undefined): string | null;
export function expandLink(target: string, site: CatalogueSite | undefined): string | null;
export function toRecord(
  item: BangumiItem,
  siteMeta: Record<string, BangumiSiteMeta>,
): CatalogueRecord | null;
export function buildCatalogue(data: BangumiData, version?: string): CatalogueFile;
