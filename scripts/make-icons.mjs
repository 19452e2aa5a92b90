// Renders the app's mark (app/icon.svg) into the web app manifest's PNG icons (public/icons):
// 192 and 512 px as drawn, and a 512 px maskable one whose square fills the whole canvas, so a
// launcher's mask (circle, squircle) cuts only the purple and never the star, which already lies
// within the maskable safe zone (a circle of 40% of the size around the centre).
// Run after changing the mark: `node scripts/make-icons.mjs` (sharp comes with Next).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const mark = readFileSync(path.join(root, 'app', 'icon.svg'), 'utf8');
const fullBleed = mark.replace(/ rx="[\d.]+"/, '');
if (fullBleed === mark) throw new Error('app/icon.svg: the rounded square (rx) was not found');

const out = path.join(root, 'public', 'icons');
mkdirSync(out, { recursive: true });
const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));

await render(mark, 192, 'icon-192.png');
await render(mark, 512, 'icon-512.png');
await render(fullBleed, 512, 'icon-maskable-512.png');
console.log('public/icons: icon-192.png, icon-512.png, icon-maskable-512.png');
