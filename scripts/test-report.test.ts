import { describe, expect, it } from 'vitest';
import { failureLines, unhandledErrorLines } from './test-report.mjs';

describe('the summary names what failed', () => {
  it('a failing unit test, and a file that failed outside its tests', () => {
    const unit = {
      testResults: [
        {
          name: '/repo/lib/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { status: 'failed', fullName: 'a works', failureMessages: ['Error: no\n at x'] },
          ],
        },
        {
          name: '/repo/lib/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 30000ms.',
          assertionResults: [{ status: 'passed', fullName: 'b works' }],
        },
        { name: '/repo/lib/c.test.ts', status: 'passed', message: '', assertionResults: [] },
      ],
    };
    expect(failureLines(unit, null, '/repo')).toEqual([
      'unit ✗ lib/a.test.ts › a works: Error: no',
      'unit ✗ lib/b.test.ts (outside its tests): Hook timed out in 30000ms.',
    ]);
  });

  it('quotes an error no test owns from the output, and nothing when there is none', () => {
    const output = [
      ' Test Files  2 passed (2)',
      '\u001b[31m⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯\u001b[39m',
      'Error: Worker exited unexpectedly',
      ' ❯ emitUnexpectedExit node_modules/vitest/dist/chunks/cli-api.js:3090:17',
      '',
    ].join('\n');
    expect(unhandledErrorLines(output)).toEqual([
      'unit ✗ ⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯',
      'unit ✗ Error: Worker exited unexpectedly',
      'unit ✗  ❯ emitUnexpectedExit node_modules/vitest/dist/chunks/cli-api.js:3090:17',
    ]);
    expect(unhandledErrorLines(' Test Files  2 passed (2)\n')).toEqual([]);
  });
});
