'use client';

import { AtSign, Link2, MessageCircle, Share2 } from 'lucide';
import { useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { buttonClass } from '@/components/ui/button';
import { copyText, shareLinks } from '@/lib/detail/copy-text';
import { routes } from '@/lib/routes';
import { useHydrated, useUntilHydrated } from '@/lib/stores/use-hydrated';
import { showToast } from '@/lib/toast';

/**
 * SPEC §2 share panel: native share (only where the browser has it), copy link ('Link copiado!'),
 * tweet intent and WhatsApp. The links work without JavaScript (relative until hydration, then
 * with this page's full address).
 */
export function SharePanel({ animeId, title }: { animeId: number; title: string }) {
  const t = useTranslations('Share');
  // The page's own address and the Web Share API are known only in the browser; the server render
  // (the same for every host) uses the relative link until hydration.
  const hydrated = useHydrated();
  const ready = useUntilHydrated();
  // What the buttons hand over is read when pressed: the full address, even in the moment between
  // hydration and the links' update.
  const fullUrl = () => new URL(routes.anime(animeId), window.location.origin).toString();
  const canShare = hydrated && typeof navigator.share === 'function';
  const url = hydrated ? fullUrl() : routes.anime(animeId);

  const text = t('shareText', { title });
  const links = shareLinks(url, text);
  const itemClass = buttonClass('secondary', 'md', 'w-full justify-start');

  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3" data-testid="share-panel">
      <h2 id="share-title" className="text-lg font-bold">
        {t('title')}
      </h2>
      <div className="grid grid-cols-1 gap-2">
        {canShare && (
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              navigator.share({ title, text, url: fullUrl() }).catch((error: unknown) => {
                if (error instanceof DOMException && error.name === 'AbortError') return;
                showToast(t('shareError'), 'error');
              });
            }}
          >
            <Glyph icon={Share2} aria-hidden className="size-4" />
            {t('native')}
          </button>
        )}
        <button
          type="button"
          className={itemClass}
          {...ready}
          onClick={async () => {
            if (await copyText(fullUrl())) showToast(t('linkCopied'), 'success');
            else showToast(t('copyFailed'), 'error');
          }}
        >
          <Glyph icon={Link2} aria-hidden className="size-4" />
          {t('copyLink')}
        </button>
        <a href={links.tweet} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <Glyph icon={AtSign} aria-hidden className="size-4" />
          {t('tweet')}
        </a>
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <Glyph icon={MessageCircle} aria-hidden className="size-4" />
          {t('whatsapp')}
        </a>
      </div>
    </section>
  );
}
