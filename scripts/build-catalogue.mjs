// Builds the offline catalogue (.catalogue/catalogue.json) from the bangumi-data package.
// Run by `npm run build` (prebuild) and by scripts/lib.mjs before `next build`; the server loads
// the file lazily (lib/catalogue/load.ts). Prints what it wrote, its size and how long it took.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue } from '../lib/catalogue/convert.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CATALOGUE_FILE = path.join(root, '.catalogue', 'catalogue.json');

export function writeCatalogue(file = CATALOGUE_FILE) {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const dataFile = require.resolve('bangumi-data/dist/data.json');
  const { version } = JSON.parse(readFileSync(require.resolve('bangumi-data/package.json'), 'utf8'));
  const catalogue = buildCatalogue(JSON.parse(readFileSync(dataFile, 'utf8')), version);
  const text = JSON.stringify(catalogue);
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside and renamed, so a running server never reads half a file.
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  return {
    file,
    version,
    records: catalogue.records.length,
    bytes: Buffer.byteLength(text),
    ms: performance.now() - started,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = writeCatalogue();
  console.log(
    `catalogue: ${result.records} anime from bangumi-data ${result.version} → ` +
      `${path.relative(root, result.file)} (${(result.bytes / 1024 / 1024).toFixed(2)} MB) in ${Math.round(result.ms)} ms`,
  );
}
