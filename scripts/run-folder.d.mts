export function sweepRunFolders(parent?: string, now?: number): string[];
export function openRunFolder(parent?: string): { dir: string; remove: () => void };
