import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

export interface Throttle {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

export interface Received {
  bytes: number;
  requests: number;
  workerBytes: number;
  workerRequests: number;
}

export interface NetworkMeter {
  cdp: CDPSession;
  bytesSince(startMs: number, windowMs: number): Received;
  total(): Received;
  /** Each request: its URL, whether a worker made it, its bytes and when its first bytes came (Date.now()). */
  entries(): { url: string | undefined; worker: boolean; bytes: number; at: number | null }[];
  stop(): Promise<void>;
}

export function meterNetwork(
  browser: Browser,
  context: BrowserContext,
  page: Page,
  options?: { throttle?: Throttle },
): Promise<NetworkMeter>;
