import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { archiveYears, SEASON_NAMES, type SeasonRef } from '@/lib/discovery/browse-params';
import { SelectField } from './select-field';

const FIELD = 'min-h-11 rounded-md border border-border bg-surface px-3 text-sm text-fg';

/**
 * The season archive's picker: a plain GET form to /season?year=…&season=…, which redirects to
 * that season's page. It works without JavaScript; the chosen season is preselected.
 */
export async function SeasonPicker({ selected, current }: { selected: SeasonRef; current: SeasonRef }) {
  const t = await getTranslations('Browse');
  return (
    <form
      action="/season"
      method="get"
      aria-label={t('pickerLabel')}
      className="flex flex-wrap items-end gap-3"
      data-testid="season-picker"
    >
      <SelectField
        label={t('season')}
        name="season"
        defaultValue={selected.season}
        className={FIELD}
        values={SEASON_NAMES}
        labelOf={(season) => t('seasonNames', { season })}
      />
      <SelectField
        label={t('year')}
        name="year"
        defaultValue={String(selected.year)}
        className={FIELD}
        values={archiveYears(current)}
        labelOf={(year) => year}
      />
      <button type="submit" className={buttonClass('secondary', 'md', 'min-h-11')}>
        {t('go')}
      </button>
    </form>
  );
}
