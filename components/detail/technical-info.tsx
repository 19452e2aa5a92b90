import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { formatDuration } from '@/lib/detail/view';
import type { AnimeDetails } from '@/lib/jikan/types';
import { translateLabel } from '@/lib/labels';

/** SPEC §2 technical info: type, duration per episode, genres, studios; labels per SPEC §9. */
export async function TechnicalInfo({ anime }: { anime: AnimeDetails }) {
  const t = await getTranslations('Detail');
  const na = (await getTranslations('Common'))('notAvailable');
  const locale = await getLocale();
  const labels = (await getMessages()).Labels;
  const genres = anime.genres.map((genre) => translateLabel(labels.genre, genre) ?? genre);
  const rows = [
    { label: t('type'), value: translateLabel(labels.type, anime.type), testId: 'info-type' },
    { label: t('duration'), value: formatDuration(anime.duration, locale), testId: 'info-duration' },
    { label: t('genres'), value: genres.length ? genres.join(', ') : null, testId: 'info-genres' },
    {
      label: t('studios'),
      value: anime.studios.length ? anime.studios.join(', ') : null,
      testId: 'info-studios',
    },
  ];
  return (
    <section aria-labelledby="technical-title" className="flex flex-col gap-3">
      <h2 id="technical-title" className="text-xl font-bold">
        {t('technicalInfo')}
      </h2>
      <dl className="grid gap-3 rounded-md border border-border bg-surface p-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.testId} className="flex min-w-0 flex-col" data-testid={row.testId}>
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className="[overflow-wrap:anywhere]">{row.value ?? na}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
