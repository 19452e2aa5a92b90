import { ExternalLink } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Glyph } from '@/components/ui/glyph';
import type { Locale } from '@/lib/i18n/config';
import type { ExternalLink as Link } from '@/lib/jikan/types';

/** SPEC §2: external links open in a new tab, without handing our page to the other site. */
export async function ExternalLinks({ links, locale }: { links: Link[]; locale: Locale }) {
  if (links.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'Detail' });
  return (
    <section aria-labelledby="external-title" className="flex flex-col gap-3">
      <h2 id="external-title" className="text-lg font-bold">
        {t('externalLinks')}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="external-links">
        {links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm text-accent-text hover:bg-surface-2"
            >
              <Glyph icon={ExternalLink} aria-hidden className="size-4" />
              <span className="[overflow-wrap:anywhere]">{link.name}</span>
              <span className="sr-only"> {t('newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
