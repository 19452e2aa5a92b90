'use client';

import { Clock, LoaderCircle, TrendingUp } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { AnimeCover } from '@/components/anime/anime-cover';
import { useAnimeLabels } from '@/components/anime/use-anime-labels';
import { animeTitle } from '@/lib/anime-display';
import type { Anime } from '@/lib/jikan/types';
import { cn } from '@/lib/utils/cn';
import type { useSearchCombobox } from './use-search-combobox';

/**
 * The popup under the search bar: a notice while suggestions load, fail or find nothing, and the
 * listbox of grouped options (suggestions with their cover, type and year; recent and popular
 * searches). Which option is active and what a click does come from the combobox.
 */
export function SearchPopup({
  combobox,
  noticeText,
}: {
  combobox: ReturnType<typeof useSearchCombobox>;
  noticeText: string;
}) {
  const t = useTranslations('SearchBar');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const label = useAnimeLabels();
  const { groups, options, activeIndex, ids } = combobox;
  const groupLabel = { suggestion: t('suggestions'), recent: t('recent'), popular: t('popular') };

  return (
    <div
      // Clicks inside the popup must not take focus from the input (it would close the list).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[min(65vh,28rem)] overflow-y-auto rounded-md border border-border bg-surface py-1 shadow-lg"
    >
      {noticeText && (
        <p aria-hidden className="flex min-h-11 items-center gap-2 px-3 text-sm text-muted">
          {combobox.notice === 'loading' && (
            <Glyph icon={LoaderCircle} className="size-4 animate-spin motion-reduce:animate-none" />
          )}
          {noticeText}
        </p>
      )}
      {combobox.listboxShown && (
        <div role="listbox" id={ids.listbox} aria-label={t('label')}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={ids.group(group.kind)}>
              <div
                role="presentation"
                id={ids.group(group.kind)}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {groupLabel[group.kind]}
              </div>
              {group.options.map((option) => {
                const index = options.indexOf(option);
                const active = index === activeIndex;
                return (
                  <div
                    key={option.key}
                    id={ids.option(index)}
                    role="option"
                    aria-selected={active}
                    onClick={() => combobox.pick(option)}
                    onMouseMove={() => {
                      if (!active) combobox.activate(option);
                    }}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm text-fg',
                      active && 'bg-accent-soft text-accent-text',
                    )}
                  >
                    {option.kind === 'suggestion' ? (
                      <SuggestionContent
                        anime={option.anime}
                        title={animeTitle(option.anime, locale) ?? tCommon('notAvailable')}
                        details={[label('type', option.anime.type), option.anime.year?.toString() ?? null]}
                      />
                    ) : (
                      <>
                        {option.kind === 'recent' ? (
                          <Glyph icon={Clock} aria-hidden className="size-4 shrink-0 text-muted" />
                        ) : (
                          <Glyph icon={TrendingUp} aria-hidden className="size-4 shrink-0 text-muted" />
                        )}
                        <span className="truncate">{option.term}</span>
                      </>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function SuggestionContent({
  anime,
  title,
  details,
}: {
  anime: Anime;
  title: string;
  details: (string | null)[];
}) {
  const line = details.filter(Boolean).join(' · ');
  return (
    <>
      <span className="relative aspect-[2/3] w-8 shrink-0 overflow-hidden rounded-sm bg-surface-2">
        <AnimeCover src={anime.images.small ?? anime.images.cover} sizes="32px" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{title}</span>
        {line && <span className="truncate text-xs text-muted">{line}</span>}
      </span>
    </>
  );
}
