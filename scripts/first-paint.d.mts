export const CAP_MS: number;
export function deferScriptsToFirstPaint(html: string, cap?: number): string;
export function revealCompletedBoundaries(html: string): string;
export const PARSED_MARK_ID: string;
export function deferredScripts(html: string): string[];
export const HYDRATED_EVENT: string;
export function inlineCompletedBoundaries(html: string): string;
