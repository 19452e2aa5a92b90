export const BUILD_ID_FILE: string;
export const CACHE_TAGS_HEADER: string;
export const ENTRY_KIND: { FETCH: 'FETCH'; IMAGE: 'IMAGE'; APP_PAGE: 'APP_PAGE'; APP_ROUTE: 'APP_ROUTE' };
export function buildIdIn(distDir: string): string;
export function buildIdOfServerDir(serverDistDir: string | undefined): string;
export function currentBuildId(): string;
export function responseCacheTags(value: unknown): string[];
