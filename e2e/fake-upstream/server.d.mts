// Types for server.mjs, so TypeScript tests (strict, allowJs off) can import it.

export interface FakeUpstream {
  /** Root URL, e.g. http://127.0.0.1:4010 (append /jikan/v4, /streaming/main, /translate ...). */
  url: string;
  port: number;
  /** Stops listening and destroys open sockets, including hanging ones. */
  close(): Promise<void>;
}

/**
 * `texturedCovers`: covers with grain, so optimised ones weigh about what MyAnimeList's do (the
 * benches); flat covers (a few hundred bytes optimised) otherwise.
 */
export function startFakeUpstream(options?: { port?: number; host?: string; texturedCovers?: boolean }): Promise<FakeUpstream>;
