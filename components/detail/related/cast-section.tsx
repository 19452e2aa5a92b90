'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { countValues } from '@/lib/i18n/format-count';
import type { CastAnswer, CastCharacter, StaffCredit, VoiceLanguage } from '@/lib/jikan/cast';
import { myAnimeListUrl, NotLoadedYet } from './not-loaded-link';
import { UnavailableLine } from './unavailable-line';
import { usePageAnswer } from './use-page-answer';

/** Characters shown at once; the rest open under 'Ver todos'. */
const FIRST_CHARACTERS = 12;

/** The dubs a page shows beside the Japanese voice: its own language's. */
function dubLanguages(locale: string): VoiceLanguage[] {
  return locale === 'en' ? ['Japanese', 'English'] : ['Japanese', 'Portuguese (BR)'];
}

/**
 * 'Personagens e dubladores' and the staff line, asked after the page has loaded
 * (app/api/anime/[id]/cast): main characters first, each with the Japanese voice and the dub of
 * the page's language when there is one. When the server holds the cast, the page renders it
 * (`initial`, in the cached HTML, readable without JavaScript) until the browser's answer comes.
 */
export function CastSection({
  animeId,
  locale,
  initial = null,
}: {
  animeId: number;
  locale: string;
  /** The cast the server held when it rendered the page (the same for every visitor). */
  initial?: CastAnswer | null;
}) {
  const t = useTranslations('Related');
  const { state, retry } = usePageAnswer<CastAnswer>(`/api/anime/${animeId}/cast`, initial);
  if (state.status === 'ready' && state.data.gated) return null;
  const data = state.status === 'ready' ? state.data : null;
  const languages = dubLanguages(locale);

  return (
    <section
      aria-labelledby="cast-title"
      aria-busy={state.status === 'loading'}
      className="space-y-3"
      data-testid="cast"
    >
      <h2 id="cast-title" className="text-lg font-bold sm:text-xl">
        {t('castTitle')}
      </h2>
      {state.status === 'loading' && (
        <NotLoadedYet href={myAnimeListUrl(animeId, 'characters')} link={t('castLink')}>
          <p className="text-sm text-muted">{t('loading')}</p>
        </NotLoadedYet>
      )}
      {data?.stale && (
        <p role="status" className="text-sm text-muted" data-testid="cast-stored">
          {t('storedCopy')}
        </p>
      )}
      {data?.staff && data.staff.length > 0 && <StaffLine staff={data.staff} />}
      {(state.status === 'failed' || (data && data.characters === null)) && (
        <UnavailableLine message={t('castUnavailable')} testId="cast-unavailable" onRetry={retry} />
      )}
      {data?.characters && data.characters.length === 0 && (
        <p className="text-sm text-muted">{t('castEmpty')}</p>
      )}
      {data?.characters && data.characters.length > 0 && (
        <>
          <CharacterList characters={data.characters.slice(0, FIRST_CHARACTERS)} languages={languages} />
          {data.characters.length > FIRST_CHARACTERS && (
            <details>
              <summary className="cursor-pointer text-sm font-medium text-accent-text">
                {t('showAll', countValues(data.characters.length, locale))}
              </summary>
              <div className="mt-2">
                <CharacterList characters={data.characters.slice(FIRST_CHARACTERS)} languages={languages} />
              </div>
            </details>
          )}
        </>
      )}
    </section>
  );
}

function CharacterList({
  characters,
  languages,
}: {
  characters: CastCharacter[];
  languages: VoiceLanguage[];
}) {
  const t = useTranslations('Related');
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="character-list">
      {characters.map((character) => {
        const voices = character.voices.filter((voice) => languages.includes(voice.language));
        return (
          <li
            key={character.id}
            className="rounded-md border border-border bg-surface p-3"
            data-testid="character"
          >
            <p className="font-semibold">{character.name}</p>
            <p className="text-xs text-muted">{character.role === 'Main' ? t('main') : t('supporting')}</p>
            {voices.length > 0 && (
              <ul className="mt-1 space-y-0.5 text-sm">
                {voices.map((voice) => (
                  <li key={`${voice.language}-${voice.id}`} data-testid="voice-actor">
                    <span className="text-muted">{t(`voices.${voice.language}`)}: </span>
                    <Link
                      href={`/people/${voice.id}`}
                      className="text-accent-text underline-offset-2 hover:underline"
                    >
                      {voice.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Director, series composition and music in one line. */
function StaffLine({ staff }: { staff: StaffCredit[] }) {
  const t = useTranslations('Related');
  const parts = (['Director', 'Series Composition', 'Music'] as const).flatMap((position) => {
    const names = staff.filter((person) => person.positions.includes(position)).map((person) => person.name);
    return names.length ? [`${t(`positions.${position}`)}: ${names.join(', ')}`] : [];
  });
  return (
    <p className="text-sm" data-testid="staff-line">
      <span className="font-semibold">{t('staffTitle')}: </span>
      {parts.join(' · ')}
    </p>
  );
}
