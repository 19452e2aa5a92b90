import { describe, expect, it, vi } from 'vitest';
import { FONT_FILE_PATTERN, FONT_READY_KEY, firstFamily, fontFileOf, warmFonts } from './font-ready';

const ORIGIN = 'https://anime-master.example';
const FILE = '/_next/static/media/inter_pt_en-s.2ylje74bh4f92.woff2';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

/** A style sheet holding font-face rules (type 5) with these families and sources. */
function sheet(...faces: [family: string, src: string][]): CSSStyleSheet {
  const rules = faces.map(([family, src]) => ({
    type: 5,
    style: {
      getPropertyValue: (name: string) => (name === 'font-family' ? family : name === 'src' ? src : ''),
    },
  }));
  return { cssRules: [{ type: 1 }, ...rules] } as unknown as CSSStyleSheet;
}

const interSheet = sheet(['inter', `url("${FILE}") format("woff2")`], ['"inter Fallback"', 'local("Arial")']);
const loadedFace = { family: 'inter' } as FontFace;
const deps = (overrides: Partial<Parameters<typeof warmFonts>[0]> = {}) => ({
  fonts: { load: vi.fn(async () => [loadedFace]) },
  familyList: `'inter', 'inter Fallback'`,
  sheets: [interSheet],
  origin: ORIGIN,
  storage: memoryStorage(),
  ...overrides,
});

describe('firstFamily', () => {
  it('takes the first family of a CSS list, without quotes', () => {
    expect(firstFamily(`'inter', 'inter Fallback', system-ui`)).toBe('inter');
    expect(firstFamily(` "Inter Variable" , sans-serif`)).toBe('Inter Variable');
    expect(firstFamily('roboto')).toBe('roboto');
  });

  it('is null for an empty or missing list', () => {
    expect(firstFamily('')).toBeNull();
    expect(firstFamily('  ')).toBeNull();
    expect(firstFamily(`''`)).toBeNull();
  });
});

describe('fontFileOf', () => {
  it("finds the family's woff2 build file, not its fallback's", () => {
    expect(fontFileOf('inter', [interSheet], ORIGIN)).toBe(FILE);
    expect(fontFileOf('inter Fallback', [interSheet], ORIGIN)).toBeNull();
  });

  it('reads an address relative to its style sheet', () => {
    const relative = sheet(['inter', 'url(../media/inter_pt_en-s.2ylje74bh4f92.woff2) format("woff2")']);
    Object.assign(relative, { href: `${ORIGIN}/_next/static/chunks/0abc.css` });
    expect(fontFileOf('inter', [relative], ORIGIN)).toBe(FILE);
  });

  it('takes the same-origin address even when written whole', () => {
    expect(fontFileOf('inter', [sheet(['inter', `url(${ORIGIN}${FILE})`])], ORIGIN)).toBe(FILE);
  });

  it('ignores other origins, other folders and other formats', () => {
    for (const src of [
      `url("https://fonts.example${FILE}")`,
      'url("/fonts/inter.woff2")',
      'url("/_next/static/media/inter.ttf")',
      'url("/_next/static/media/a b.woff2")',
    ])
      expect(fontFileOf('inter', [sheet(['inter', src])], ORIGIN), src).toBeNull();
  });

  it('skips a sheet whose rules cannot be read (another origin)', () => {
    const foreign = {
      get cssRules(): CSSRuleList {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    } as unknown as CSSStyleSheet;
    expect(fontFileOf('inter', [foreign, interSheet], ORIGIN)).toBe(FILE);
  });

  it('accepts only build files of this site as preloadable', () => {
    expect(FONT_FILE_PATTERN.test(FILE)).toBe(true);
    for (const bad of [
      'https://evil.example/x.woff2',
      '/_next/static/media/x.woff2"><script>',
      '//evil/x.woff2',
    ])
      expect(FONT_FILE_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('warmFonts', () => {
  it("loads the list's first family and records its file", async () => {
    const storage = memoryStorage();
    const options = deps({ storage });
    await expect(warmFonts(options)).resolves.toBe(true);
    expect(options.fonts.load).toHaveBeenCalledWith('400 1em "inter"');
    expect(storage.values.get(FONT_READY_KEY)).toBe(FILE);
  });

  it('fetches nothing when this file is already recorded', async () => {
    const options = deps({ storage: memoryStorage({ [FONT_READY_KEY]: FILE }) });
    await expect(warmFonts(options)).resolves.toBe(true);
    expect(options.fonts.load).not.toHaveBeenCalled();
  });

  it('fetches again when the recorded file is an older build’s', async () => {
    const storage = memoryStorage({ [FONT_READY_KEY]: '/_next/static/media/inter.old.woff2' });
    const options = deps({ storage });
    await expect(warmFonts(options)).resolves.toBe(true);
    expect(options.fonts.load).toHaveBeenCalledOnce();
    expect(storage.values.get(FONT_READY_KEY)).toBe(FILE);
  });

  it('records nothing when the fetch fails, so a later page tries again', async () => {
    const storage = memoryStorage();
    const load = vi.fn(async (): Promise<FontFace[]> => {
      throw new DOMException('A network error occurred.', 'NetworkError');
    });
    await expect(warmFonts(deps({ fonts: { load }, storage }))).resolves.toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('records nothing when no face of that family loads', async () => {
    const storage = memoryStorage();
    await expect(warmFonts(deps({ fonts: { load: vi.fn(async () => []) }, storage }))).resolves.toBe(false);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('fetches nothing without a family, a file, or storage to remember it in', async () => {
    for (const options of [deps({ familyList: '' }), deps({ sheets: [] }), deps({ storage: null })]) {
      await expect(warmFonts(options)).resolves.toBe(false);
      expect(options.fonts.load).not.toHaveBeenCalled();
    }
  });

  it('answers false when storage is full or blocked, without throwing', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    await expect(warmFonts(deps({ storage: full }))).resolves.toBe(false);
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: vi.fn(),
    };
    const options = deps({ storage: blocked });
    await expect(warmFonts(options)).resolves.toBe(false);
    expect(options.fonts.load).not.toHaveBeenCalled();
  });
});
