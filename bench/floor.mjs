// npm run bench:floor — the floor under the real-user bench: an empty Next app built from this
// repository's own node_modules (the same Next and React), one page with one button that is
// disabled until the page has hydrated, measured beside ours by bench/real-user.mjs (the same
// browser, throttling and visits; the empty app as its peer). What the empty app takes is what
// any page of this stack takes on that link before the app adds anything.
//
//   npm run build && npm run bench:floor
//   BENCH_ROUTES=/,/anime/20 BENCH_RUNS=7 npm run bench:floor
//
// The empty app is written to and built in a temporary folder (removed at the end). Printed, not
// pass/fail; figures in bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root } from './harness.mjs';

const ROUTES = process.env.BENCH_ROUTES ?? '/,/anime/20,/completed';

/** The whole empty app: a root layout, a static page and the control the bench waits for. */
const FILES = {
  'package.json': JSON.stringify({ name: 'next-floor', private: true }),
  // The app sits outside this repository, whose node_modules it links: Turbopack's root must hold both.
  'next.config.mjs': "export default { turbopack: { root: '/' } };\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2017',
      lib: ['dom', 'dom.iterable', 'esnext'],
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      isolatedModules: true,
      skipLibCheck: true,
      plugins: [{ name: 'next' }],
    },
    include: ['**/*.ts', '**/*.tsx'],
  }),
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `import { Toggle } from './toggle';

export const dynamic = 'force-static';

export default function Page() {
  return (
    <main>
      <h1>Anime Master</h1>
      <Toggle />
    </main>
  );
}
`,
  'app/toggle.tsx': `'use client';
import { useEffect, useState } from 'react';

export function Toggle() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button type="button" data-testid="theme-toggle" disabled={!ready}>
      Tema
    </button>
  );
}
`,
};

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'anime-master-floor-'));
const next = path.join(root, 'node_modules/next/dist/bin/next');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
let server;
try {
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  console.error(`building the empty app in ${dir}`);
  await run(process.execPath, [next, 'build'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  server = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const floorUrl = `http://127.0.0.1:${port}`;
  await waitFor(floorUrl);
  const routes = ROUTES.split(',');
  await run(process.execPath, [path.join(root, 'bench/real-user.mjs')], {
    cwd: root,
    env: {
      ...env,
      BENCH_ROUTES: routes.join(','),
      BENCH_JOURNEY: '0',
      BENCH_PEER_URL: floorUrl,
      BENCH_PEER_ROUTES: routes.map(() => '/').join(','),
      BENCH_PEER_CONTROL: '[data-testid="theme-toggle"]',
    },
  });
  console.log('(peer: an empty Next app of the same node_modules, its one page for every route)');
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
