/**
 * Inter on the visits after the first (docs/decisions/fonts-and-images.md).
 *
 * A first visit draws the system's font and fetches Inter only when the offline kit may load
 * (lib/pwa/offline-kit.ts: once the page has loaded and is idle; on a slow link not before its
 * first 25 s; never on Save-Data), so the font's 27 kB never share a slow link with the scripts a
 * first tap waits for, nor with the fan's next taps. When
 * the file is in the browser's cache, `FONT_READY_KEY` says so and the theme script
 * (components/theme/theme-script.tsx) puts `FONT_READY_CLASS` on <html> before the first paint
 * of every later page load, which switches the page's font to Inter (app/globals.css). The
 * class is never added to a page already drawn: its text would reflow.
 */

/** localStorage key: '1' once the web font has been fetched into the browser's cache. */
export const FONT_READY_KEY = 'anime-master-fonts-cached';
/** The class on <html> that draws pages with Inter (app/globals.css). */
export const FONT_READY_CLASS = 'fonts-cached';
/** The CSS variable next/font sets to the web font's family list (app/fonts.ts). */
export const FONT_FAMILY_VARIABLE = '--font-inter';

/** The first family of a CSS family list (`'inter', 'inter Fallback'` → `inter`), or null. */
export function firstFamily(list: string): string | null {
  const first = list
    .split(',')[0]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first ? first : null;
}

interface FontsWarmingDeps {
  fonts: Pick<FontFaceSet, 'load'>;
  /** The web font's family list, as in `FONT_FAMILY_VARIABLE`. */
  familyList: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * Loads the web font's faces (into the cache: no text uses them while the class is absent, so
 * nothing on screen changes) and records it. Resolves true when the font is there; a failed fetch
 * (offline) or a family with no face records nothing, so the next page tries again.
 */
export async function warmFonts({ fonts, familyList, storage }: FontsWarmingDeps): Promise<boolean> {
  const family = firstFamily(familyList);
  if (!family || !storage) return false;
  try {
    if (storage.getItem(FONT_READY_KEY) === '1') return true;
    // Any weight of a variable face loads the whole file.
    const faces = await fonts.load(`400 1em ${JSON.stringify(family)}`);
    if (faces.length === 0) return false;
    storage.setItem(FONT_READY_KEY, '1');
    return true;
  } catch {
    // Offline, or storage full or blocked: the system's font stays, which such a page already shows.
    return false;
  }
}
