import path from 'node:path';

/** The start of an error message (its first lines, on one line): enough to tell what failed. */
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
    .slice(0, 4)
    .join(' ⏎ ')
    .slice(0, 400);

/**
 * One line per failing unit test and per failing or flaky e2e test, with the first line of its
 * error, from vitest's and Playwright's JSON reports (either may be null).
 */
export function failureLines(unit, e2e, root) {
  const lines = [];
  for (const file of unit?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      lines.push(
        `unit ✗ ${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
      );
    }
    // A file that failed outside its tests: a hook, or an error while loading it.
    if (file.status === 'failed' && !failed.length) {
      lines.push(`unit ✗ ${path.relative(root, file.name)} (outside its tests): ${firstLine(file.message)}`);
    }
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const failed =
          t.results?.find((r) => r.status !== 'passed' && r.status !== 'skipped') ?? t.results?.at(-1);
        const name = [...titles, spec.title].join(' › ');
        lines.push(
          `e2e ${t.status === 'flaky' ? '~ flaky' : '✗'} ${spec.file}:${spec.line} › ${name}: ${firstLine(failed?.error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A top-level suite is a spec file, already named by spec.file.
  for (const suite of e2e?.suites ?? []) walk(suite, []);
  return lines;
}

/**
 * What vitest printed about errors no test owns (an unhandled rejection after a test ended, say):
 * they fail the run but are in no JSON report. The lines after its "Unhandled Error" heading.
 */
export function unhandledErrorLines(output) {
  const lines = String(output ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n');
  const start = lines.findIndex((line) => /Unhandled (Error|Rejection)/.test(line));
  if (start < 0) return [];
  return lines
    .slice(start, start + 40)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !line.trim().startsWith('at node:'))
    .slice(0, 16)
    .map((line) => `unit ✗ ${line}`);
}
