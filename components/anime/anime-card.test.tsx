// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Anime } from '@/lib/jikan/types';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import { AnimeCard } from './anime-card';
import { PLACEHOLDER_COVER } from './anime-cover';
import { testAnime } from '@/lib/jikan/test-anime';

const naruto: Anime = {
  id: 20,
  title: 'Naruto',
  titleEnglish: 'Naruto (EN)',
  titleJapanese: 'ナルト',
  synopsis: 'A loud ninja wants to become Hokage.',
  status: 'Currently Airing',
  type: 'Movie',
  episodes: 220,
  year: 2002,
  score: 8.01,
  rating: 'PG-13 - Teens 13 or older',
  popularity: 8,
  images: {
    cover: 'https://cdn.myanimelist.net/images/anime/13/17405l.jpg',
    small: 'https://cdn.myanimelist.net/images/anime/13/17405t.jpg',
  },
  genres: ['Action'],
};

/** The null-heavy record of the fake upstream (ID_NULLS), as the mapper hands it over. */
const nulls: Anime = testAnime({ id: 90112, title: null });

afterEach(cleanup);

function renderIn(locale: 'pt' | 'en', ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'pt' ? pt : en} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>,
  );
}

describe('AnimeCard (grid)', () => {
  it('is one link to the detail page, named by the title and "Ver Detalhes"', () => {
    renderIn('pt', <AnimeCard anime={naruto} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/anime/20');
    expect(links[0]).toHaveAccessibleName('Naruto Ver Detalhes');
    expect(links[0]).toHaveAccessibleDescription('8,0/10 Em Exibição Filme · 220 eps. · 2002');
  });

  it('shows the score badge, the translated status badge, type, episodes and year', () => {
    renderIn('pt', <AnimeCard anime={naruto} />);
    expect(screen.getByText('8,0/10')).toBeInTheDocument();
    expect(screen.getByText('Em Exibição')).toBeInTheDocument();
    expect(screen.getByText('Filme · 220 eps. · 2002')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Naruto' })).toBeInTheDocument();
  });

  it('prefers the English title in English', () => {
    renderIn('en', <AnimeCard anime={naruto} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Naruto (EN)' })).toBeInTheDocument();
    expect(screen.getByText('Airing')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAccessibleName('Naruto (EN) View Details');
  });

  it('renders a record full of nulls: N/A title, placeholder cover, no badges', () => {
    const { container } = renderIn('pt', <AnimeCard anime={nulls} />);
    expect(screen.getByRole('heading', { name: 'N/A' })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/anime/90112');
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', PLACEHOLDER_COVER);
    expect(img).toHaveAttribute('alt', '');
    expect(screen.queryByText(/\/10$/)).not.toBeInTheDocument();
    expect(screen.queryByText('Em Exibição')).not.toBeInTheDocument();
  });

  it('swaps a cover that fails to load for the placeholder', () => {
    const { container } = renderIn('pt', <AnimeCard anime={naruto} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).not.toBe(PLACEHOLDER_COVER);
    fireEvent.error(img!);
    expect(container.querySelector('img')).toHaveAttribute('src', PLACEHOLDER_COVER);
  });

  it('passes an unknown status or type through untranslated', () => {
    renderIn(
      'pt',
      <AnimeCard
        anime={{ ...naruto, status: 'On Hiatus', type: 'Web Special', episodes: null, year: null }}
      />,
    );
    expect(screen.getByText('On Hiatus')).toBeInTheDocument();
    expect(screen.getByText('Web Special')).toBeInTheDocument();
  });

  it('gives two cards of the same anime distinct ids', () => {
    renderIn(
      'pt',
      <>
        <AnimeCard anime={naruto} />
        <AnimeCard anime={naruto} />
      </>,
    );
    const [first, second] = screen.getAllByRole('link');
    expect(first?.getAttribute('aria-labelledby')).not.toBe(second?.getAttribute('aria-labelledby'));
  });
});

describe('AnimeCard (list)', () => {
  it('adds the two-line synopsis and keeps one link', () => {
    renderIn('pt', <AnimeCard anime={naruto} variant="list" />);
    expect(screen.getByText('A loud ninja wants to become Hokage.')).toHaveClass('line-clamp-2');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('8,0/10')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAccessibleDescription(
      '8,0/10 Filme · 220 eps. · 2002 · Em Exibição',
    );
  });

  it('says so when there is no synopsis', () => {
    renderIn('pt', <AnimeCard anime={nulls} variant="list" />);
    expect(screen.getByText('Sinopse não disponível.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'N/A' })).toBeInTheDocument();
  });
});
