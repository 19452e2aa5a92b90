/**
 * The browser-side logger (SPEC §3 Log entry, §4 Log levels, §9 Logger): levels debug < info <
 * warn < error < critical with current level info; at most 1000 entries kept; saved to
 * localStorage after every 50 entries and every 10 calls of one API source; the last 10 critical
 * errors kept apart; a warning for a call slower than 1000 ms and when a source nears its rate
 * limit; export as a dated JSON file. Nothing here is shown to users.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const API_SOURCES = ['animeApi', 'streamingApi', 'identity'] as const;
export type ApiSource = (typeof API_SOURCES)[number];

export const MAX_LOGS = 1000;
export const PERSIST_EVERY_LOGS = 50;
export const PERSIST_EVERY_SOURCE_CALLS = 10;
export const MAX_CRITICAL_ERRORS = 10;
export const SLOW_CALL_MS = 1000;
export const RATE_WINDOW_MS = 60_000;
/** SPEC §9: calls per 60 s above which a source gets a rate-limit warning. */
export const RATE_LIMITS: Record<ApiSource, number> = { animeApi: 60, streamingApi: 100, identity: 1000 };
export const LOG_EXPORT_VERSION = '1.0.0';

export const LOGS_KEY = 'anime-master-logs';
export const API_STATS_KEY = 'anime-master-api-stats';
export const CRITICAL_ERRORS_KEY = 'anime-master-critical-errors';

export type LogEntry = {
  level: LogLevel;
  message: string;
  data?: unknown;
  context?: string;
  timestamp: string;
  url: string;
  userAgent: string;
};

export type ApiStats = { calls: number; errors: number; totalDuration: number; lastReset: string };

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** `anime-master-logs-YYYY-MM-DD.json` for the given day (local date). */
export function logExportFileName(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `anime-master-logs-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** Data that can always be stored: errors become plain objects, the rest must survive JSON. */
function serialisable(data: unknown): unknown {
  if (data instanceof Error) return { name: data.name, message: data.message, stack: data.stack };
  if (data === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(data)) as unknown;
  } catch {
    return String(data);
  }
}

type LoggerOptions = {
  storage?: () => Storage | null;
  now?: () => number;
  /** Where entries at warn and above are echoed; null for silence (tests). */
  console?: Pick<Console, 'debug' | 'info' | 'warn' | 'error'> | null;
};

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export class Logger {
  private level: LogLevel = 'info';
  private logs: LogEntry[] = [];
  private criticalErrors: LogEntry[] = [];
  private stats = new Map<ApiSource, ApiStats>();
  private recentCalls = new Map<ApiSource, number[]>();
  private warnedRate = new Set<ApiSource>();
  private sinceSave = 0;
  private restored = false;
  private readonly storage: () => Storage | null;
  private readonly now: () => number;
  private readonly out: LoggerOptions['console'];

  constructor({ storage = defaultStorage, now = Date.now, console: out }: LoggerOptions = {}) {
    this.storage = storage;
    this.now = now;
    this.out = out === undefined ? (typeof console === 'undefined' ? null : console) : out;
  }

  getLevel(): LogLevel {
    return this.level;
  }

  /** An unsupported level changes nothing and logs the warning 'Invalid log level' (SPEC §5). */
  setLevel(level: string): boolean {
    if (!isLogLevel(level)) {
      this.warn('Invalid log level', { level }, 'logger');
      return false;
    }
    this.level = level;
    return true;
  }

  debug(message: string, data?: unknown, context?: string) {
    this.log('debug', message, data, context);
  }
  info(message: string, data?: unknown, context?: string) {
    this.log('info', message, data, context);
  }
  warn(message: string, data?: unknown, context?: string) {
    this.log('warn', message, data, context);
  }
  error(message: string, data?: unknown, context?: string) {
    this.log('error', message, data, context);
  }
  critical(message: string, data?: unknown, context?: string) {
    this.log('critical', message, data, context);
  }

  log(level: string, message: string, data?: unknown, context?: string): LogEntry | null {
    if (!isLogLevel(level)) {
      this.warn('Invalid log level', { level, message }, context ?? 'logger');
      return null;
    }
    if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(this.level)) return null;
    this.restore();
    const entry: LogEntry = {
      level,
      message,
      data: serialisable(data),
      context,
      timestamp: new Date(this.now()).toISOString(),
      url: typeof location === 'undefined' ? '' : location.href,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    };
    this.logs.push(entry);
    if (this.logs.length > MAX_LOGS) this.logs.splice(0, this.logs.length - MAX_LOGS);
    this.echo(entry);
    if (level === 'critical') {
      this.criticalErrors.push(entry);
      if (this.criticalErrors.length > MAX_CRITICAL_ERRORS) this.criticalErrors.splice(0, this.criticalErrors.length - MAX_CRITICAL_ERRORS);
      // A critical error may precede a crash: keep it now.
      this.persist();
      return entry;
    }
    this.sinceSave += 1;
    if (this.sinceSave >= PERSIST_EVERY_LOGS) this.persist();
    return entry;
  }

  /**
   * Records one call to an outside service (through our API): counts, errors and time per source;
   * warns above 1000 ms and once per window when the source passes its rate limit (SPEC §9).
   */
  trackApiCall(source: ApiSource, durationMs: number, ok = true, detail?: string) {
    this.restore();
    const stats = this.statsFor(source);
    stats.calls += 1;
    if (!ok) stats.errors += 1;
    stats.totalDuration += Math.max(0, durationMs);

    const now = this.now();
    const recent = (this.recentCalls.get(source) ?? []).filter((time) => now - time < RATE_WINDOW_MS);
    recent.push(now);
    this.recentCalls.set(source, recent);
    const limit = RATE_LIMITS[source];
    if (recent.length > limit && !this.warnedRate.has(source)) {
      this.warnedRate.add(source);
      this.warn('API rate limit exceeded', { source, calls: recent.length, limit, windowMs: RATE_WINDOW_MS }, source);
    } else if (recent.length <= limit) {
      this.warnedRate.delete(source);
    }

    if (durationMs > SLOW_CALL_MS) {
      this.warn('Slow API call', { source, durationMs: Math.round(durationMs), detail }, source);
    }
    if (stats.calls % PERSIST_EVERY_SOURCE_CALLS === 0) this.persist();
  }

  getLogs(): LogEntry[] {
    this.restore();
    return [...this.logs];
  }

  getCriticalErrors(): LogEntry[] {
    this.restore();
    return [...this.criticalErrors];
  }

  getStats(): Partial<Record<ApiSource, ApiStats>> {
    this.restore();
    return Object.fromEntries([...this.stats].map(([source, stats]) => [source, { ...stats }]));
  }

  clear() {
    this.logs = [];
    this.criticalErrors = [];
    this.stats.clear();
    this.recentCalls.clear();
    this.warnedRate.clear();
    this.sinceSave = 0;
    this.restored = true;
    this.persist();
  }

  /** The export file (SPEC §9: JSON, a date in its name, version 1.0.0). */
  exportLogs(): { fileName: string; json: string } {
    this.restore();
    const payload = {
      version: LOG_EXPORT_VERSION,
      exportedAt: new Date(this.now()).toISOString(),
      level: this.level,
      logs: this.logs,
      criticalErrors: this.criticalErrors,
      apiStats: this.getStats(),
    };
    return { fileName: logExportFileName(new Date(this.now())), json: JSON.stringify(payload, null, 2) };
  }

  /** Downloads the export in the browser. */
  downloadLogs(): string {
    const { fileName, json } = this.exportLogs();
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return fileName;
  }

  /** Writes logs, statistics and critical errors; a full or blocked storage is ignored. */
  persist() {
    this.sinceSave = 0;
    const storage = this.storage();
    if (!storage) return;
    try {
      storage.setItem(LOGS_KEY, JSON.stringify(this.logs));
      storage.setItem(API_STATS_KEY, JSON.stringify(Object.fromEntries(this.stats)));
      storage.setItem(CRITICAL_ERRORS_KEY, JSON.stringify(this.criticalErrors));
    } catch {
      // Quota exceeded: the log still works in memory.
    }
  }

  /** Logs window errors and unhandled rejections (SPEC §8: logged, not shown). Answers the undo. */
  installGlobalHandlers(target: Window = window): () => void {
    const onError = (event: ErrorEvent) => {
      this.error(
        'Unhandled error',
        { message: event.message, source: event.filename, line: event.lineno, column: event.colno, error: serialisable(event.error) },
        'global',
      );
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      this.error('Unhandled promise rejection', { reason: serialisable(event.reason) }, 'global');
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  }

  private statsFor(source: ApiSource): ApiStats {
    let stats = this.stats.get(source);
    if (!stats) {
      stats = { calls: 0, errors: 0, totalDuration: 0, lastReset: new Date(this.now()).toISOString() };
      this.stats.set(source, stats);
    }
    return stats;
  }

  /** Picks up what an earlier visit saved, once, before the first read or write. */
  private restore() {
    if (this.restored) return;
    this.restored = true;
    const storage = this.storage();
    if (!storage) return;
    const read = (key: string): unknown => {
      try {
        return JSON.parse(storage.getItem(key) ?? 'null') as unknown;
      } catch {
        return null;
      }
    };
    const validEntry = (value: unknown): value is LogEntry =>
      typeof value === 'object' &&
      value !== null &&
      isLogLevel((value as LogEntry).level) &&
      typeof (value as LogEntry).message === 'string' &&
      typeof (value as LogEntry).timestamp === 'string';
    const logs = read(LOGS_KEY);
    if (Array.isArray(logs)) this.logs = [...logs.filter(validEntry).slice(-MAX_LOGS), ...this.logs].slice(-MAX_LOGS);
    const critical = read(CRITICAL_ERRORS_KEY);
    if (Array.isArray(critical)) this.criticalErrors = critical.filter(validEntry).slice(-MAX_CRITICAL_ERRORS);
    const stats = read(API_STATS_KEY);
    if (stats && typeof stats === 'object') {
      for (const source of API_SOURCES) {
        const value = (stats as Record<string, unknown>)[source] as Partial<ApiStats> | undefined;
        if (value && typeof value.calls === 'number' && typeof value.errors === 'number' && typeof value.totalDuration === 'number') {
          this.stats.set(source, {
            calls: value.calls,
            errors: value.errors,
            totalDuration: value.totalDuration,
            lastReset: typeof value.lastReset === 'string' ? value.lastReset : new Date(this.now()).toISOString(),
          });
        }
      }
    }
  }

  private echo(entry: LogEntry) {
    const out = this.out;
    if (!out) return;
    const line = `[${entry.level}]${entry.context ? ` [${entry.context}]` : ''} ${entry.message}`;
    if (entry.level === 'error' || entry.level === 'critical') out.error(line, entry.data ?? '');
    else if (entry.level === 'warn') out.warn(line, entry.data ?? '');
    else if (entry.level === 'debug') out.debug(line, entry.data ?? '');
    else out.info(line, entry.data ?? '');
  }
}

/** The app's one logger. */
export const logger = new Logger();
