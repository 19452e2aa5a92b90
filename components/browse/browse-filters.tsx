import { getMessages, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import {
  archiveYears,
  BROWSE_SORTS,
  BROWSE_STATUSES,
  BROWSE_TYPES,
  MIN_SCORES,
  SEASON_NAMES,
  type BrowseSort,
  type BrowseState,
  type SeasonRef,
} from '@/lib/discovery/browse-params';
import type { AnimeGenre } from '@/lib/jikan/browse';
import { translateLabel, type LabelDictionary } from '@/lib/labels';
import { LiveFilterForm } from './live-filter-form';
import { SelectField } from './select-field';

const FIELD = 'min-h-11 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg';
const SORT_LABELS = {
  popularity: 'sortPopularity',
  score: 'sortScore',
  start_date: 'sortStartDate',
  title: 'sortTitle',
} as const satisfies Record<BrowseSort, string>;
/** Jikan's type and status filter values → the Labels dictionaries' keys. */
const TYPE_LABELS = { tv: 'TV', movie: 'Movie', ova: 'OVA', ona: 'ONA', special: 'Special', music: 'Music' };
const STATUS_LABELS = { airing: 'Currently Airing', complete: 'Finished Airing', upcoming: 'Not yet aired' };

/**
 * /browse's filters as a plain GET form (every field named as the URL names it), preselected from
 * the page's state. Genres come from the anime database's list, labelled in the page's language.
 */
export async function BrowseFilters({
  state,
  genres,
  current,
}: {
  state: BrowseState;
  genres: AnimeGenre[] | null;
  current: SeasonRef;
}) {
  const t = await getTranslations('Browse');
  const dictionaries = (await getMessages()).Labels;
  const labels = (kind: 'genre' | 'type' | 'status'): LabelDictionary => dictionaries[kind];
  const genreLabel = (genre: AnimeGenre) => translateLabel(labels('genre'), genre.name) ?? genre.name;
  const sorted = genres ? [...genres].sort((a, b) => genreLabel(a).localeCompare(genreLabel(b))) : null;

  const genreGroup = (name: 'genres' | 'exclude', chosen: number[]) => (
    <details className="rounded-md border border-border bg-surface" open={chosen.length > 0 || undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">
        {chosen.length
          ? t(name === 'genres' ? 'genresChosen' : 'excludeChosen', { count: chosen.length })
          : t(name === 'genres' ? 'genres' : 'exclude')}
      </summary>
      <fieldset className="grid grid-cols-2 gap-x-3 gap-y-1 px-3 pb-3 sm:grid-cols-3 lg:grid-cols-4">
        <legend className="sr-only">{t(name === 'genres' ? 'genres' : 'exclude')}</legend>
        {sorted?.map((genre) => (
          <label key={genre.id} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={genre.id}
              defaultChecked={chosen.includes(genre.id)}
              className="size-4 accent-[var(--color-accent)]"
            />
            {genreLabel(genre)}
          </label>
        ))}
      </fieldset>
    </details>
  );

  return (
    <LiveFilterForm label={t('filters')}>
      <div className="flex flex-col gap-3">
        {sorted ? (
          <div className="grid items-start gap-3 lg:grid-cols-2">
            {genreGroup('genres', state.genres)}
            {genreGroup('exclude', state.exclude)}
          </div>
        ) : (
          <p className="text-sm text-muted" data-testid="genres-unavailable">
            {t('genresUnavailable')}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <SelectField
            label={t('type')}
            name="type"
            defaultValue={state.type ?? ''}
            className={FIELD}
            anyLabel={t('any')}
            values={BROWSE_TYPES}
            labelOf={(type) => translateLabel(labels('type'), TYPE_LABELS[type])}
          />
          <SelectField
            label={t('status')}
            name="status"
            defaultValue={state.status ?? ''}
            className={FIELD}
            anyLabel={t('any')}
            values={BROWSE_STATUSES}
            labelOf={(status) => translateLabel(labels('status'), STATUS_LABELS[status])}
          />
          <SelectField
            label={t('year')}
            name="year"
            defaultValue={state.year ?? ''}
            className={FIELD}
            anyLabel={t('anyYear')}
            values={archiveYears(current)}
            labelOf={(year) => year}
          />
          <SelectField
            label={t('season')}
            name="season"
            defaultValue={state.season ?? ''}
            className={FIELD}
            anyLabel={t('anySeason')}
            values={SEASON_NAMES}
            labelOf={(season) => t('seasonNames', { season })}
          />
          <SelectField
            label={t('minScore')}
            name="min_score"
            defaultValue={state.minScore ?? ''}
            className={FIELD}
            anyLabel={t('any')}
            values={MIN_SCORES}
            labelOf={(score) => t('minScoreValue', { score })}
          />
          <SelectField
            label={t('sort')}
            name="sort"
            defaultValue={state.sort}
            className={FIELD}
            values={BROWSE_SORTS}
            labelOf={(sort) => t(SORT_LABELS[sort])}
          />
        </div>
        {state.view !== 'grid' && <input type="hidden" name="view" value={state.view} />}
        <p className="text-xs text-muted">{t('dateHint')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass('primary', 'md', 'min-h-11')}>
            {t('apply')}
          </button>
          <Link
            href="/browse"
            className="inline-flex min-h-11 items-center text-sm font-medium text-accent-text underline"
          >
            {t('clear')}
          </Link>
        </div>
      </div>
    </LiveFilterForm>
  );
}
