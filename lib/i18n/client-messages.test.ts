import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import { CLIENT_NAMESPACES, pickClientMessages, pickScopedMessages, SCOPED_CLIENT_NAMESPACES } from './client-messages';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('client messages', () => {
  it('include every namespace a hook can ask for in the browser', () => {
    const used = new Set<string>();
    for (const file of [...sources('components'), ...sources('app'), ...sources('lib')]) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/useTranslations\(\s*'([A-Za-z]+)/g)) used.add(match[1]!);
      for (const match of text.matchAll(/useMessages\(\)\.([A-Za-z]+)/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    const known: readonly string[] = [...CLIENT_NAMESPACES, ...SCOPED_CLIENT_NAMESPACES];
    const missing = [...used].filter((name) => !known.includes(name));
    expect(missing).toEqual([]);
  });

  it('pick only those namespaces', () => {
    const picked = pickClientMessages(pt);
    expect(Object.keys(picked).sort()).toEqual([...CLIENT_NAMESPACES].sort());
    expect(picked.Header).toBe(pt.Header);
    expect(Object.keys(picked)).not.toContain('Settings');
  });

  it('add a route\'s scoped namespaces only where asked', () => {
    const picked = pickScopedMessages(pt, ['TestPage']);
    expect(picked.TestPage).toBe(pt.TestPage);
    expect(picked.Header).toBe(pt.Header);
    expect(Object.keys(picked)).not.toContain('Settings');
  });

  // An ICU `#` makes an Intl.NumberFormat, and the first one in a page costs 13–24 ms of the
  // hydration task (lib/i18n/format-count.ts). Messages a page can show as it loads write their
  // numbers as {formatted} (countValues); these few are shown only after an action.
  it('write counts as {formatted}, not #, except in messages shown only after an action', () => {
    const afterAnAction = [
      'AccountTab.age',
      'DataTab.importSummary',
      'DataTab.malSummary',
      'DataTab.malExported',
      // The first sign-in's merge message.
      'Sync.merged',
    ];
    for (const messages of [pt, en]) {
      const withHash: string[] = [];
      const walk = (value: unknown, key: string) => {
        if (typeof value === 'string') {
          if (/plural,[^]*#/.test(value)) withHash.push(key);
        } else if (value && typeof value === 'object') {
          for (const [name, child] of Object.entries(value)) walk(child, key ? `${key}.${name}` : name);
        }
      };
      walk(pickClientMessages(messages), '');
      expect(withHash.sort()).toEqual([...afterAnAction].sort());
    }
  });
});
