// Builds the service worker (public/sw.js) from lib/pwa/worker.ts after `next build`:
// Serwist's build (the programmatic form of `serwist build`) with serwist.config.mjs.
import { runBuildCommand } from '@serwist/cli';

process.env.NODE_ENV ??= 'production';

const config = (await import('../serwist.config.mjs')).default;
await runBuildCommand({ config, watch: false });
