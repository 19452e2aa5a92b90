import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { logLevelSetting } from '@/lib/env';
import { processState } from './process-state';

/**
 * The server's log (docs/decisions/structured-logs.md): pino, one line per event, at a level
 * LOG_LEVEL filters (default info). `next start` writes JSON lines to stdout for a log pipeline;
 * `next dev` writes readable lines. Both are written in this thread (no transport worker, which
 * Next's bundling cannot follow). Every line written while a request's work runs carries its
 * `requestId` (lib/server/request-id.ts): in the route, the calls to the anime database, the
 * database and the work handed to `after()`.
 *
 * Every server module logs through `serverLog(component)`; errors go in `err` (their type,
 * message, code and cause chain are serialised), never printed raw.
 */

interface RequestContext {
  requestId: string;
}

interface LogState {
  storage: AsyncLocalStorage<RequestContext>;
  root?: Logger;
  children: Map<string, Logger>;
  /** Where lines go instead of stdout. */
  destination?: DestinationStream;
}

/**
 * The log's state in one process: the logger (made on the first line, reading LOG_LEVEL) writing
 * to stdout, or to `destination` when given.
 */
export function createServerLogState(destination?: DestinationStream): LogState {
  return { storage: new AsyncLocalStorage<RequestContext>(), children: new Map(), destination };
}

const moduleState = () => processState<LogState>('log', createServerLogState);

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  const state = moduleState();
  return state.storage.getStore()?.requestId;
}

/** Runs `work` as part of request `requestId`: what it logs, and what it starts, carries the id. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  const state = moduleState();
  return state.storage.run({ requestId }, work);
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'component', 'requestId', 'err']);

interface SerializedError {
  type?: string;
  message?: string;
  code?: unknown;
  cause?: SerializedError;
}

function describeError(err: SerializedError): string {
  const parts: string[] = [];
  for (let current: SerializedError | undefined = err; current; current = current.cause) {
    const code = current.code !== undefined ? ` [${String(current.code)}]` : '';
    parts.push(`${current.type ?? 'Error'}${code}: ${current.message ?? ''}`);
  }
  return parts.join(' ← ');
}

/** One JSON line as a person reads it in a terminal: time, level, component, message, fields. */
export function readableLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5);
  const component = entry.component ? `[${String(entry.component)}] ` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  if (entry.requestId) fields.push(`req=${String(entry.requestId)}`);
  const err = entry.err ? `\n    ${describeError(entry.err as SerializedError)}` : '';
  return `${time} ${level} ${component}${String(entry.msg ?? '')}${fields.length ? `  ${fields.join(' ')}` : ''}${err}\n`;
}

function defaultDestination(): DestinationStream {
  // `next dev` (and anything not built for production) reads better as plain lines.
  if (process.env.NODE_ENV === 'production') return pino.destination({ fd: 1, sync: true });
  return { write: (line: string) => void process.stdout.write(readableLine(line)) };
}

function root(): Logger {
  const state = moduleState();
  state.root ??= pino(
    {
      level: logLevelSetting(),
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: pino.stdSerializers.errWithCause },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    state.destination ?? defaultDestination(),
  );
  return state.root;
}

/**
 * The logger for one component: made once LOG_LEVEL is read (at start-up, by instrumentation.ts,
 * which stops the server on a bad value), so a module may call this at load time.
 */
export function serverLog(
  component: string,
): Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> {
  const child = (): Logger => {
    const state = moduleState();
    let logger = state.children.get(component);
    if (!logger) {
      logger = root().child({ component });
      state.children.set(component, logger);
    }
    return logger;
  };
  return {
    trace: (...args: Parameters<Logger['trace']>) => child().trace(...args),
    debug: (...args: Parameters<Logger['debug']>) => child().debug(...args),
    info: (...args: Parameters<Logger['info']>) => child().info(...args),
    warn: (...args: Parameters<Logger['warn']>) => child().warn(...args),
    error: (...args: Parameters<Logger['error']>) => child().error(...args),
    fatal: (...args: Parameters<Logger['fatal']>) => child().fatal(...args),
  } as Pick<Logger, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'>;
}

/** Reads LOG_LEVEL and makes the logger: throws `Invalid environment: LOG_LEVEL …` on a bad value. */
export function startServerLog(): void {
  root();
}
