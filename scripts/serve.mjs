// Serves the production build: the front server (scripts/front-server.mjs) on PORT (3000) or -p.
// Used by `npm start`, the e2e suite and the benchmarks in place of `next start`.
import { root } from './paths.mjs';

// Before Next (and React, which picks its production build by it) is first loaded.
process.env.NODE_ENV = 'production';
const { startFrontServer } = await import('./front-server.mjs');

const flag = process.argv.indexOf('-p');
const port = Number(flag !== -1 ? process.argv[flag + 1] : (process.env.PORT ?? 3000));

const server = await startFrontServer({ dir: root, port });
console.log(`[anime-master] ready on http://localhost:${server.port}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Open keep-alive connections would hold the process: close what can be, then leave.
    server.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
