// Starts the Firebase Auth emulator alone (no UI, no Java: the auth emulator is plain Node),
// project demo-animemaster, on --port (default E2E_AUTH_PORT or 9610). The emulator hub and
// logging ports follow the auth port, so two runs on one machine (different ports) never clash
// on the CLI's fixed defaults (4400, 4500). Works offline: the CLI only warns that it could not
// fetch its message of the day. Ready in about 8 s on the 2-core test machine.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_PROJECT_ID, authEmulatorPort } from './env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const portFlag = process.argv.indexOf('--port');
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : authEmulatorPort();

const dir = path.join(tmpdir(), `anime-master-auth-emulator-${port}`);
mkdirSync(dir, { recursive: true });
const config = path.join(dir, 'firebase.json');
writeFileSync(
  config,
  JSON.stringify({
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: port + 1 },
      logging: { host: '127.0.0.1', port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }),
);

const bin = path.join(
  root,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'firebase.cmd' : 'firebase',
);
const child = spawn(
  bin,
  ['emulators:start', '--only', 'auth', '--project', AUTH_PROJECT_ID, '--config', config],
  // The CLI writes its debug log into its working directory: keep it out of the repository.
  { cwd: dir, stdio: 'inherit', env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
