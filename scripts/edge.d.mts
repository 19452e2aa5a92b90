export interface EdgeSettings {
  listen: string;
  upstreams: string[];
  dataDir: string;
  cacheMaxSize: string;
  rate: string;
  burst: string;
  connections: string;
  bodyTimeout: string;
  upstreamTimeout: string;
  libraryBodyMax: string;
  accessLog: string;
}
export const TEMPLATE: string;
export function edgeSettings(env?: Record<string, string | undefined>): EdgeSettings;
export function renderEdgeConfig(settings: EdgeSettings, options?: { brotli?: boolean }): string;
export function prepareDataDir(settings: EdgeSettings): void;
export function writeEdgeConfig(settings: EdgeSettings, file?: string): string;
export function nginxPath(): string | null;
export function nginxArgs(settings: EdgeSettings, file: string): string[];
export function restartDelayMs(failures: number): number;
export const STABLE_RUN_MS: number;
export function edgeSiteUrl(settings: EdgeSettings, env?: Record<string, string | undefined>): string;
