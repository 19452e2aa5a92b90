export const COMPILE_HINT: string;
export function firstLoadChunks(distDir: string): string[];
export function withCompileHint(source: string): string;
export function addCompileHints(distDir: string): { count: number; bytes: number };
