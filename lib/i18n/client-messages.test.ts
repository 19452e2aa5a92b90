import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import {
  CLIENT_NAMESPACES,
  LAYOUT_NAMESPACES,
  pickLayoutMessages,
  pickRouteMessages,
  ROUTE_NAMESPACES,
  type MessagesRoute,
} from './client-messages';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function namespacesIn(text: string): string[] {
  return [
    ...[...text.matchAll(/useTranslations\(\s*'([A-Za-z]+)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/useMessages\(\)\.([A-Za-z]+)/g)].map((match) => match[1]!),
  ];
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, 'index.tsx'),
    path.join(base, 'index.ts'),
    base,
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The namespaces the client components reachable from `entry` ask for: a file is client code when
 * it says 'use client' or is imported (statically or with import()) by client code.
 */
function clientNamespaces(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean) => {
    const key = `${file}:${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    const text = readFileSync(file, 'utf8');
    const isClient = client || /^\s*['"]use client['"]/.test(text);
    if (isClient) for (const name of namespacesIn(text)) found.add(name);
    const imports = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm),
      ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
    ];
    for (const match of imports) {
      const target = resolveImport(file, match[1]!);
      if (target) walk(target, isClient);
    }
  };
  walk(path.join(root, entry), false);
  return found;
}

const LOCALE_APP = 'app/[locale]';
/** Where each route's <ScopedMessages> sits, and the files whose client components it covers. */
const ROUTE_ENTRIES: Record<MessagesRoute, string[]> = {
  home: ['page.tsx'],
  explore: ['explore/layout.tsx', 'explore/[tab]/[view]/page.tsx', 'explore/[tab]/[view]/[page]/page.tsx'],
  browse: ['season/[year]/[season]/[view]/[page]/page.tsx', 'browse/[view]/[page]/[key]/page.tsx'],
  people: ['people/[id]/page.tsx'],
  search: [
    'search/layout.tsx',
    'search/page.tsx',
    'search/[sort]/[view]/[q]/page.tsx',
    'search/[sort]/[view]/[q]/[page]/page.tsx',
  ],
  detail: ['anime/[id]/page.tsx'],
  editRating: ['anime/[id]/edit/page.tsx'],
  forYou: ['for-you/page.tsx'],
  myRatings: ['my-ratings/page.tsx'],
  settings: ['settings/page.tsx'],
  profile: ['u/[handle]/page.tsx'],
  test: ['test/page.tsx'],
};

describe('client messages', () => {
  it('the layout ships what the layout and the screens outside a page ask for', () => {
    const outside = sources(LOCALE_APP).filter(
      (file) =>
        /(^|\/)(layout|error|loading|not-found)\.tsx$/.test(file) &&
        !Object.values(ROUTE_ENTRIES)
          .flat()
          .some((entry) => file === path.join(LOCALE_APP, entry)),
    );
    const pages = sources(LOCALE_APP).filter(
      (file) =>
        file.endsWith('page.tsx') &&
        !Object.values(ROUTE_ENTRIES)
          .flat()
          .some((entry) => file === path.join(LOCALE_APP, entry)),
    );
    expect(outside).toContain(path.join(LOCALE_APP, 'layout.tsx'));
    const layout: readonly string[] = LAYOUT_NAMESPACES;
    for (const file of [...outside, ...pages]) {
      expect(
        [...clientNamespaces(file)].filter((name) => !layout.includes(name)),
        file,
      ).toEqual([]);
    }
  });

  for (const [route, entries] of Object.entries(ROUTE_ENTRIES) as [MessagesRoute, string[]][]) {
    it(`the ${route} route ships what its client components ask for`, () => {
      const shipped: readonly string[] = [...LAYOUT_NAMESPACES, ...ROUTE_NAMESPACES[route]];
      for (const entry of entries) {
        const file = path.join(LOCALE_APP, entry);
        expect(
          [...clientNamespaces(file)].filter((name) => !shipped.includes(name)),
          file,
        ).toEqual([]);
      }
    });
  }

  it('every namespace a hook asks for is one some route ships', () => {
    const used = new Set<string>();
    for (const file of [...sources('components'), ...sources('app'), ...sources('lib')]) {
      for (const name of namespacesIn(readFileSync(path.join(root, file), 'utf8'))) used.add(name);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !(CLIENT_NAMESPACES as readonly string[]).includes(name))).toEqual([]);
  });

  it('a route adds only what the layout does not ship', () => {
    expect(Object.keys(pickLayoutMessages(pt)).sort()).toEqual([...LAYOUT_NAMESPACES].sort());
    expect(pickLayoutMessages(pt).Header).toBe(pt.Header);
    expect(Object.keys(pickLayoutMessages(pt))).not.toContain('Settings');
    const search = pickRouteMessages(pt, 'search');
    expect(search.SearchPage).toBe(pt.SearchPage);
    expect(Object.keys(search)).not.toContain('Header');
    expect(Object.keys(pickRouteMessages(pt, 'home'))).not.toContain('DataTab');
  });

  // An ICU `#` or `{n, number}` makes an Intl.NumberFormat, and the first one in a page costs
  // 13–24 ms of the hydration task (lib/i18n/format-count.ts; ~100 ms at 4× CPU in a list page's
  // first render). Messages a page can show as it loads write their numbers as {formatted}
  // (countValues); these few are shown only after an action.
  it('write counts as {formatted}, not # or {n, number}, except in messages shown only after an action', () => {
    const afterAnAction = [
      'AccountTab.age',
      'DataTab.importSummary',
      'DataTab.malSummary',
      'DataTab.malExported',
      // The first sign-in's merge message.
      'Sync.merged',
      // An import from AniList or Kitsu: shown once the fan has asked for one.
      ...['waiting', 'previewTitle', 'scored', 'keptNewer', 'replaced', 'moved', 'leftOut']
        .concat(['leftOutAdult', 'confirm', 'ratingsWritten'])
        .map((key) => `TrackerImport.${key}`),
    ];
    for (const messages of [pt, en]) {
      const withHash: string[] = [];
      const walk = (value: unknown, key: string) => {
        if (typeof value === 'string') {
          if (/plural,[^]*#|\{\s*\w+\s*,\s*number\b/.test(value)) withHash.push(key);
        } else if (value && typeof value === 'object') {
          for (const [name, child] of Object.entries(value)) walk(child, key ? `${key}.${name}` : name);
        }
      };
      // Settings and the test page draw their content in the browser, after the page has loaded.
      const onLoad = CLIENT_NAMESPACES.filter((name) => name !== 'Settings' && name !== 'TestPage');
      walk(Object.fromEntries(onLoad.map((name) => [name, messages[name]])), '');
      expect(withHash.sort()).toEqual([...afterAnAction].sort());
    }
  });
});
