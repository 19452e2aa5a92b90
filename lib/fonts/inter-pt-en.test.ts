import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from './inter-pt-en.json';

/** The shipped Inter is cut to the characters it was asked for (scripts/subset-font.mjs). */
describe('the shipped Inter', () => {
  for (const locale of ['pt', 'en']) {
    it(`draws every character of messages/${locale}.json`, () => {
      const text = readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8');
      const missing = [...new Set(text)].filter(
        (character) => character.codePointAt(0)! >= 0x20 && !manifest.characters.includes(character),
      );
      // A message gained a character the font was not cut for: run `node scripts/subset-font.mjs`.
      expect(missing).toEqual([]);
    });
  }
});
