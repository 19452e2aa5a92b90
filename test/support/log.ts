import { createServerLogState } from '@/lib/server/log';
import { freshProcess, provideProcessState } from './process';

/** One line of the server's log, as written (JSON). */
export interface LogLine {
  level: number;
  msg: string;
  component?: string;
  requestId?: string;
  err?: { type?: string; message?: string; code?: string; cause?: unknown };
  [field: string]: unknown;
}

export const LEVEL = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * Sends the server's log lines to an array, at `level` (LOG_LEVEL for the time of the capture):
 * `stop()` sends them back to stdout and puts LOG_LEVEL back.
 */
export function captureServerLog(level: string = 'trace') {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = level;
  const lines: LogLine[] = [];
  provideProcessState(
    'log',
    createServerLogState({ write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }),
  );
  return {
    lines,
    /** The lines whose message matches `pattern`. */
    matching: (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg)),
    stop() {
      if (previous === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = previous;
      freshProcess('log');
    },
  };
}
