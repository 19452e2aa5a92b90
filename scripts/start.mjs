// npm start: installs what is missing, builds when the sources changed, serves on PORT (3000).
import { build, buildIsCurrent, ensureDependencies, log, run } from './lib.mjs';

await ensureDependencies();
if (buildIsCurrent()) {
  log('Build is up to date.');
} else {
  log('Building the app (next build)...');
  const code = await build();
  if (code !== 0) process.exit(code);
}
const port = process.env.PORT || '3000';
log(`Serving on http://localhost:${port}`);
const code = await run(process.execPath, ['scripts/serve.mjs', '-p', port], {
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
process.exit(code);
