/**
 * Inter on the visits after the first (docs/decisions/fonts-and-images.md).
 *
 * A first visit draws the system's font and fetches Inter only when the offline kit may load
 * (lib/pwa/offline-kit.ts: once the page has loaded and is idle; on a slow link not before its
 * first 25 s; never on Save-Data), so the font's 27 kB never share a slow link with the scripts a
 * first tap waits for, nor with the fan's next taps. Once the file is in the browser's cache,
 * `FONT_READY_KEY` holds its address, and on every later page load the theme script
 * (components/theme/theme-script.tsx), before the first paint, preloads it (Chromium holds the
 * first paint for a preloaded `optional` font, ~100 ms at most; a font found only at layout is
 * not drawn on that page) and puts `FONT_READY_CLASS` on <html>, which draws the page with Inter
 * (app/globals.css). The class is never added to a page already drawn: its text would reflow.
 */

/** localStorage key: the address of the web font's file once it has been fetched into the cache. */
export const FONT_READY_KEY = 'anime-master-fonts-cached';
/** The class on <html> that draws pages with Inter (app/globals.css). */
export const FONT_READY_CLASS = 'fonts-cached';
/** The CSS variable next/font sets to the web font's family list (app/fonts.ts). */
export const FONT_FAMILY_VARIABLE = '--font-inter';
/**
 * What a recorded address must look like for the theme script to preload it: a build file of
 * this site (a stored value is never trusted further than that).
 */
export const FONT_FILE_PATTERN = /^\/_next\/static\/media\/[\w.~-]+\.woff2$/;

/** The first family of a CSS family list (`'inter', 'inter Fallback'` → `inter`), or null. */
export function firstFamily(list: string): string | null {
  const first = list
    .split(',')[0]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first ? first : null;
}

/** The rules of a style sheet the page may read (a sheet of another origin throws). */
function readableRules(sheet: CSSStyleSheet): Iterable<CSSRule> {
  try {
    return sheet.cssRules;
  } catch {
    return [];
  }
}

/**
 * The path of the first woff2 file an `@font-face` rule of `family` names in `sheets`, or null.
 * Only same-origin build files count (FONT_FILE_PATTERN).
 */
export function fontFileOf(family: string, sheets: Iterable<CSSStyleSheet>, origin: string): string | null {
  for (const sheet of sheets) {
    for (const rule of readableRules(sheet)) {
      // A font-face rule (CSSFontFaceRule.type 5), tested by shape so any realm's rules count.
      if (rule.type !== 5) continue;
      const style = (rule as CSSFontFaceRule).style;
      if (firstFamily(style.getPropertyValue('font-family')) !== family) continue;
      for (const [, address] of style.getPropertyValue('src').matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        let url: URL;
        try {
          // Relative to the sheet's own address (a build's CSS names `../media/…`).
          url = new URL(address!, sheet.href ?? origin);
        } catch {
          continue;
        }
        if (url.origin === origin && FONT_FILE_PATTERN.test(url.pathname)) return url.pathname;
      }
    }
  }
  return null;
}

interface FontsWarmingDeps {
  fonts: Pick<FontFaceSet, 'load'>;
  /** The web font's family list, as in `FONT_FAMILY_VARIABLE`. */
  familyList: string;
  /** The page's style sheets, where the family's @font-face names its file. */
  sheets: Iterable<CSSStyleSheet>;
  origin: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * Loads the web font's faces (into the cache: no text uses them while the class is absent, so
 * nothing on screen changes) and records the file's address. Resolves true when the font is
 * there. A failed fetch (offline) or a family with no file records nothing, so a later page tries
 * again; a recorded address that is not this build's (a new font after a deploy) is fetched anew.
 */
export async function warmFonts({
  fonts,
  familyList,
  sheets,
  origin,
  storage,
}: FontsWarmingDeps): Promise<boolean> {
  const family = firstFamily(familyList);
  const file = family && fontFileOf(family, sheets, origin);
  if (!family || !file || !storage) return false;
  try {
    if (storage.getItem(FONT_READY_KEY) === file) return true;
    // Any weight of a variable face loads the whole file.
    const faces = await fonts.load(`400 1em ${JSON.stringify(family)}`);
    if (faces.length === 0) return false;
    storage.setItem(FONT_READY_KEY, file);
    return true;
  } catch {
    // Offline, or storage full or blocked: the system's font stays, which such a page already shows.
    return false;
  }
}
