// npm start: installs what is missing, builds when the sources changed, then runs Next's own
// production server (`next start`) on PORT (3000), bound to HOST when it is set (every interface
// otherwise, as `next start` does). The app owns SIGTERM and SIGINT (NEXT_MANUAL_SIG_HANDLE): it
// finishes its pending writes and closes the database before exiting; this script passes the
// signal on and exits when the server has.
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureDependencies, localBin, log, root } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
const port = process.env.PORT || '3000';
const host = process.env.HOST?.trim();
const args = ['start', '-p', port, ...(host ? ['-H', host] : [])];
log(`Serving on http://${host || 'localhost'}:${port} (next ${args.join(' ')})`);
const server = spawn(localBin('next'), args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_MANUAL_SIG_HANDLE: 'true' },
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
