// npm start: installs what is missing, builds when the sources changed, then runs Next's own
// production server (`next start`) on PORT (3000), bound to HOST when it is set (every interface
// otherwise, as `next start` does).
import { ensureBuilt, ensureDependencies, localBin, log, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
const port = process.env.PORT || '3000';
const host = process.env.HOST?.trim();
const args = ['start', '-p', port, ...(host ? ['-H', host] : [])];
log(`Serving on http://${host || 'localhost'}:${port} (next ${args.join(' ')})`);
const code = await run(localBin('next'), args, {
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(code);
