// Types for client.mjs.

export type FakeService = 'jikan' | 'streaming' | 'translate' | 'images' | 'anilist' | 'kitsu';
export type FaultMode = '429' | '500' | '502' | '503' | '504' | 'slow' | 'hang' | 'malformed' | 'none';

export interface FaultOptions {
  service: FakeService | 'all';
  mode: FaultMode;
  /** Only requests whose path+query (raw or decoded) contains this string. */
  match?: string;
  /** Seconds, sent as Retry-After on 429; omitted when null or absent. */
  retryAfter?: number | null;
  /** Delay for 'slow', default 2000. */
  delayMs?: number;
  /** Auto-clears after this many hits; default unlimited. */
  times?: number;
}

export interface ActiveFault extends Required<Omit<FaultOptions, 'match' | 'times' | 'retryAfter'>> {
  id: string;
  match: string | null;
  retryAfter: number | null;
  times: number | null;
  hits: number;
}

export interface LoggedCall {
  service: FakeService;
  method: string;
  path: string;
  query: Record<string, string>;
  /** path + query string, as received */
  url: string;
  /** ms since epoch */
  time: number;
  /** the fault mode applied, or null */
  fault: Exclude<FaultMode, 'none'> | null;
}

export interface CallFilter {
  service?: FakeService;
  /** ms since epoch, inclusive */
  since?: number;
  match?: string;
}

export interface FakeControl {
  setFault(opts: FaultOptions): Promise<string>;
  clearFault(id: string): Promise<boolean>;
  reset(): Promise<void>;
  calls(filter?: CallFilter): Promise<LoggedCall[]>;
  faults(): Promise<ActiveFault[]>;
}

export function fakeControl(baseUrl: string): FakeControl;
