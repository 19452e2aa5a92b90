import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/config';
import type { ListType } from '@/lib/stores/lists-store';
import { ListEntries } from './list-entries';
import { LIST_TITLE_KEYS } from './list-titles';

/**
 * A watch-list page (SPEC §2 List pages). The shell (title) is the same for everyone and renders
 * statically; the entries live in this browser and render client-side (ListEntries).
 */
export async function ListPage({ type, locale }: { type: ListType; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Lists' });
  const title = t(LIST_TITLE_KEYS[type]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      {/* The entries arrive after hydration (skeletons, then cards or the empty message): the
          footer stays below the fold meanwhile, so nothing visible moves (CLS). */}
      <div className="min-h-svh">
        <ListEntries type={type} title={title} />
      </div>
    </div>
  );
}

export async function listPageMetadata(type: ListType, locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'Lists' });
  return { title: t(LIST_TITLE_KEYS[type]) };
}
