import { z } from 'zod';
import { processState } from './server/process-state';

// In the browser, zod must not probe for `new Function` (its JIT check): the pages' CSP forbids
// eval, and the probe is reported as a violation (lib/server/security-headers.ts). The server keeps
// the faster JIT for Jikan's large responses.
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * Every setting is read and validated here, once (STYLE.md). Server settings are read lazily at
 * request time so that one production build can point at the real services or at the e2e fake.
 * Public (NEXT_PUBLIC_*) settings must be referenced literally so Next can inline them.
 */

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((part) => part.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  );

const intFrom = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a non-negative number, got "${value}"` });
        return z.NEVER;
      }
      return Math.floor(parsed);
    });

/** A non-negative integer, or undefined when unset or blank. */
const optionalInt = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value : undefined))
  .pipe(intFrom(0).optional());

const url = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : fallback).replace(/\/+$/, ''))
    .pipe(z.url());

/** Levels of the server's log (lib/server/log.ts), most to least severe; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const logLevel = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim().toLowerCase() : 'info'))
  .pipe(z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }));

const serverSchema = z.object({
  /** The least severe level the server logs: `debug` adds a line per call to the anime database. */
  LOG_LEVEL: logLevel,
  JIKAN_BASE_URL: url('https://api.jikan.moe/v4'),
  JIKAN_MIN_INTERVAL_MS: intFrom(1200),
  JIKAN_TIMEOUT_MS: intFrom(15_000),
  /**
   * A search, season listing or detail whose turn in the limiter's queue is further away than
   * this answers from the offline catalogue at once; 0 = always wait for the turn.
   */
  JIKAN_QUEUE_OFFLINE_MS: intFrom(3000),
  /**
   * Life of every cached answer, when set (tests and measurements). Unset: SPEC §9's 10 minutes in
   * the in-process cache, a life per kind of data in the shared one (lib/server/cache.ts).
   */
  CACHE_TTL_MS: optionalInt,
  /**
   * Per-client budget of requests that would call the anime database: a token bucket's size, and
   * its refill per minute (0 = off). A person's browsing (ten detail pages a minute, each with its
   * franchise, cast, recommendations and episodes) fits; a scraper does not.
   */
  CLIENT_MISS_BURST: intFrom(60),
  CLIENT_MISS_PER_MINUTE: intFrom(30),
  /** Budget of page renders that would call the anime database, all visitors together (0 = off). */
  PAGE_MISS_BURST: intFrom(30),
  PAGE_MISS_PER_MINUTE: intFrom(30),
  /** The same for ids the server does not know as an anime (made-up ids), kept apart (0 = off). */
  UNKNOWN_PAGE_BURST: intFrom(6),
  UNKNOWN_PAGE_PER_MINUTE: intFrom(6),
  /**
   * Reverse proxies in front of the app that append the client address to X-Forwarded-For: 0 when
   * the app faces the network (`npm start`), 1 behind the shipped nginx or Vercel's edge.
   */
  TRUSTED_PROXY_HOPS: intFrom(0),
  /** Per-client budget of card images (opengraph/twitter-image): burst, refill per minute (0 = off). */
  IMAGE_RENDER_BURST: intFrom(30),
  IMAGE_RENDER_PER_MINUTE: intFrom(30),
  STREAMING_BASE_URLS: csv,
  TRANSLATE_BASE_URL: url('https://translate.googleapis.com'),
  /** Trackers a fan imports a list from by user name (Settings › Dados). */
  ANILIST_GRAPHQL_URL: url('https://graphql.anilist.co'),
  KITSU_BASE_URL: url('https://kitsu.io/api/edge'),
  REDIS_URL: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined)),
  /**
   * Opt-in: a memory bound (e.g. 256mb) the app sets on a Redis that has none, with eviction of
   * the least recently used keys (CONFIG SET). Unset: the server's settings are left alone, and
   * the app only warns when Redis is unbounded (README, Deployment).
   */
  REDIS_SET_MAXMEMORY: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d+(b|kb|mb|gb)?$/i, 'expected a size such as 256mb')
        .optional(),
    ),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined)),
  PORT: intFrom(3000),
  /** The public address of the site, for absolute links in shared previews (og:url, og:image). */
  SITE_URL: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim().replace(/\/+$/, '') : undefined))
    .pipe(z.url().optional()),
  /** Postgres for durable data (lib/db); unset: the embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : undefined)),
  /** Folder of the embedded database (PGlite) when DATABASE_URL is unset. */
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => (value && value.trim() ? value.trim() : './.data')),
  /** Minutes between two snapshots of the embedded database (lib/db/snapshots.ts); 0 = only at a stop. */
  DB_SNAPSHOT_INTERVAL_MINUTES: intFrom(60),
  /** Snapshots kept in DATA_DIR/snapshots (the newest always). */
  DB_SNAPSHOT_KEEP: intFrom(3),
  /** Megabytes all kept snapshots may take together (the newest is kept whatever its size). */
  DB_SNAPSHOT_MAX_MB: intFrom(512),
  /** How long a starting server waits for another live process to release DATA_DIR (ms). */
  DATA_DIR_LOCK_WAIT_MS: intFrom(30_000),
});

export type ServerEnv = z.infer<typeof serverSchema>;

/** Server settings; throws a readable error naming the bad variable. Cached after first read. */
export function serverEnv(): ServerEnv {
  const state = processState<{ serverEnv?: ServerEnv }>('env', () => ({}));
  if (state.serverEnv) return state.serverEnv;
  const parsed = serverSchema.safeParse(process.env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  state.serverEnv = parsed.data;
  return state.serverEnv;
}

/**
 * LOG_LEVEL alone, validated like every setting: the logger is made before anything else reads
 * the settings, and a bad level stops the server at start-up with the variable named.
 */
export function logLevelSetting(): (typeof LOG_LEVELS)[number] {
  const parsed = serverSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL);
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: LOG_LEVEL: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The public address of the site, without a trailing slash: SITE_URL, else the address `npm start`
 * serves on (`npm run start:edge` sets SITE_URL to its own public address).
 */
export function siteUrl(): string {
  const { SITE_URL, PORT } = serverEnv();
  return SITE_URL ?? `http://localhost:${PORT}`;
}

const publicSchema = z.object({
  firebaseApiKey: z.string().default(''),
  firebaseAuthDomain: z.string().default(''),
  firebaseProjectId: z.string().default(''),
  firebaseAppId: z.string().default(''),
  firebaseAuthEmulatorHost: z.string().default(''),
});

export type PublicEnv = z.infer<typeof publicSchema>;

export const publicEnv: PublicEnv = publicSchema.parse({
  firebaseApiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
  firebaseAuthDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
  firebaseProjectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
  firebaseAppId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
  firebaseAuthEmulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
});
