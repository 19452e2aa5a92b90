export function pageAssets(html: string): string[];
