import { ExternalLink, Tv } from 'lucide';
import { getLocale, getTranslations } from 'next-intl/server';
import { Glyph } from '@/components/ui/glyph';
import { streamingLinks, type StreamingLink } from '@/lib/catalogue';
import { inkOn } from '@/lib/utils/ink';

/** Brand colours of the best-known services; others get a colour derived from their key. */
const BRAND_COLOURS: Record<string, string> = {
  netflix: '#e50914',
  crunchyroll: '#f47521',
  prime: '#00a8e1',
  disneyplus: '#113ccf',
  abema: '#1a1a1a',
  unext: '#000000',
  danime: '#e4007f',
  nicovideo: '#252525',
  bilibili: '#fb7299',
  youtube: '#ff0000',
};

function colour(site: string): string {
  const known = BRAND_COLOURS[site] ?? BRAND_COLOURS[site.split('_')[0] ?? ''];
  if (known) return known;
  let hash = 0;
  for (const char of site) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 55% 38%)`;
}

/** One or two letters standing in for a logo: no image, no network. */
function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}+ ]/gu, ' ')
    .trim()
    .split(/\s+/);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** Lists at most this many regions; the rest is a count. */
const MAX_REGIONS = 4;

function regionText(link: StreamingLink, locale: string): string | null {
  if (!link.regions.length) return null;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale === 'en' ? 'en' : 'pt-BR'], { type: 'region' });
  } catch {
    names = null;
  }
  const shown = link.regions.slice(0, MAX_REGIONS).map((code) => names?.of(code) ?? code);
  const rest = link.regions.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} +${rest}` : shown.join(', ');
}

/**
 * 'Onde assistir': the legal streaming services bangumi-data lists for a MyAnimeList
 * id, each linking out in a new tab. Server component; the catalogue is local, so it renders the
 * same whether the anime database is up or down.
 */
export async function WhereToWatch({ id }: { id: number }) {
  const t = await getTranslations('WhereToWatch');
  const locale = await getLocale();
  const links = streamingLinks(id);

  return (
    <section aria-labelledby="where-to-watch-title" className="space-y-3" data-testid="where-to-watch">
      <h2 id="where-to-watch-title" className="flex items-center gap-2 text-lg font-bold sm:text-xl">
        <Glyph icon={Tv} aria-hidden className="size-5 text-accent-text" />
        {t('title')}
      </h2>
      {links.length === 0 ? (
        <p className="text-sm text-muted">{t('empty')}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t('intro')}</p>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {links.map((link) => {
              const regions = regionText(link, locale);
              const background = colour(link.site);
              return (
                <li key={link.site}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="group flex min-h-14 items-center gap-3 rounded-md border border-border bg-surface p-2.5 transition-colors hover:border-accent focus-visible:border-accent"
                  >
                    <span
                      aria-hidden
                      className="flex size-9 shrink-0 items-center justify-center rounded-md text-xs font-bold"
                      style={{ backgroundColor: background, color: inkOn(background) }}
                    >
                      {initials(link.name)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-fg">{link.name}</span>
                      <span className="block truncate text-xs text-muted">
                        {regions ? t('regions', { regions }) : t('allRegions')}
                      </span>
                    </span>
                    <Glyph
                      icon={ExternalLink}
                      aria-hidden
                      className="size-4 shrink-0 text-muted group-hover:text-fg"
                    />
                    <span className="sr-only">{t('opensInNewTab')}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
