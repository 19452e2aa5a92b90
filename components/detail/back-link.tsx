'use client';

import { ArrowLeft } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Glyph } from '@/components/ui/glyph';
import { routes } from '@/lib/routes';

/**
 * SPEC §2 back link. Without JavaScript (or when the visitor arrived from elsewhere) it is a plain
 * link to Explore; when the previous page is ours it goes back, keeping that page's scroll and state.
 * Not prefetched: a tap mostly goes back, and Explore's tree prefetch (1.8 kB) came with every
 * detail page view (docs/decisions/first-visit-bytes.md).
 */
export function BackLink() {
  const t = useTranslations('BackLink');
  const router = useRouter();
  return (
    <Link
      href={routes.explore}
      prefetch={false}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        const fromUs = document.referrer && new URL(document.referrer).origin === window.location.origin;
        if (fromUs && window.history.length > 1) {
          event.preventDefault();
          router.back();
        }
      }}
      className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted hover:text-fg"
    >
      <Glyph icon={ArrowLeft} aria-hidden className="size-4" />
      {t('label')}
    </Link>
  );
}
