// node scripts/subset-font.mjs — writes lib/fonts/inter-pt-en.woff2, the Inter that app/fonts.ts
// ships: @fontsource-variable/inter's latin file cut to what Portuguese and English pages draw
// (docs/decisions/first-visit-bytes.md). Kept: the characters of Latin-1 (U+0020–007E,
// U+00A0–00FF), Œ œ, the typographic punctuation, € ™, the arrows and minus, and every character
// of messages/*.json the font has; the weight axis from 400 to 800 (font-normal … font-extrabold,
// the only weights the styles use); the layout features that change how this text looks (kerning,
// ligatures, contextual alternates, marks, tabular figures). Run again after a message gains a
// character outside these, or after @fontsource-variable/inter is updated.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const TARGET = path.join(root, 'lib/fonts/inter-pt-en.woff2');
/** The characters the font was cut for: lib/fonts/inter-pt-en.test.ts checks the messages against it. */
const MANIFEST = path.join(root, 'lib/fonts/inter-pt-en.json');

const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];
const WEIGHTS = { min: 400, max: 800 };

const characters = new Set();
for (const [first, last] of RANGES)
  for (let code = first; code <= last; code++) characters.add(String.fromCodePoint(code));
for (const file of ['messages/pt.json', 'messages/en.json'])
  for (const character of readFileSync(path.join(root, file), 'utf8'))
    if (character.codePointAt(0) >= 0x20) characters.add(character);

const text = [...characters].sort().join('');
const font = await subsetFont(readFileSync(SOURCE), text, {
  targetFormat: 'woff2',
  variationAxes: { wght: WEIGHTS },
  keepFeatures: FEATURES,
});
writeFileSync(TARGET, font);
writeFileSync(MANIFEST, `${JSON.stringify({ characters: text }, null, 2)}\n`);
console.log(`${path.relative(root, TARGET)}: ${font.length} bytes, ${characters.size} characters asked`);
