export const EMPTY_APP_BASELINE_KB: number;
export function pageAssets(html: string): string[];
