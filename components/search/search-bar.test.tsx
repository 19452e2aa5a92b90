// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Anime, AnimePage } from '@/lib/jikan/types';
import { RECENT_SEARCHES_KEY, useRecentSearchesStore } from '@/lib/stores/recent-searches-store';
import pt from '@/messages/pt.json';
import { POPULAR_SEARCHES } from './popular-searches';
import { searchIcons } from '@/components/ui/control-icons';
import { SearchBar } from './search-bar';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const anime = (id: number, title: string): Anime => ({
  id,
  title,
  titleEnglish: null,
  titleJapanese: null,
  synopsis: null,
  status: null,
  type: 'TV',
  episodes: null,
  year: 2002,
  score: null,
  rating: null,
  popularity: null,
  images: { cover: null, small: null },
  genres: [],
});

type Pending = { url: string; resolve: (page: AnimePage) => void; fail: (status: number) => void };
let pending: Pending[] = [];

function answer(index: number, items: Anime[]) {
  act(() => pending[index]?.resolve({ data: items, pagination: { page: 1, hasNextPage: false } }));
}

beforeAll(() => {
  // jsdom lays nothing out, so every element would count as hidden to the '/' shortcut.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  Element.prototype.scrollIntoView = () => undefined;
});

beforeEach(() => {
  push.mockReset();
  pending = [];
  localStorage.clear();
  useRecentSearchesStore.setState({ recent: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          pending.push({
            url,
            resolve: (page) => resolve(new Response(JSON.stringify(page), { status: 200 })),
            fail: (status) =>
              resolve(
                new Response(JSON.stringify({ error: { code: 'UPSTREAM_ERROR', message: 'x' } }), { status }),
              ),
          });
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * A SearchBar whose popup's code arrives only when `release` is called (a fresh module graph, so
 * that code is not already here from an earlier test).
 */
async function withHeldPopup() {
  vi.resetModules();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.doMock('./search-popup', async () => {
    await held;
    return vi.importActual('./search-popup');
  });
  const fresh = await import('./search-bar');
  return {
    Bar: fresh.SearchBar,
    release: () => {
      vi.doUnmock('./search-popup');
      release();
    },
  };
}

function renderShell(onSubmitted?: () => void, Bar = SearchBar) {
  render(
    <NextIntlClientProvider locale="pt" messages={pt} timeZone="UTC">
      <input aria-label="outro campo" />
      <Bar onSubmitted={onSubmitted} icons={searchIcons()} />
    </NextIntlClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Buscar animes' });
}

/** The bar with its combobox code loaded (as once the pointer has been over it). */
async function renderBar(onSubmitted?: () => void) {
  const box = renderShell(onSubmitted);
  const form = box.closest('form')!;
  fireEvent.pointerEnter(form);
  await waitFor(() => expect(form).toHaveAttribute('data-combobox', 'ready'));
  return box;
}

describe('SearchBar', () => {
  it('opens on focus with the seven popular searches', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // The popup's code loads when the list first opens.
    const popular = await screen.findByRole('group', { name: 'Buscas populares' });
    expect(
      within(popular)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...POPULAR_SEARCHES]);
    expect(screen.queryByRole('group', { name: 'Buscas recentes' })).not.toBeInTheDocument();
  });

  it('moves through options with the arrow keys and picks one with Enter', async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    const box = await renderBar(onSubmitted);
    await user.click(box);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = await screen.findByRole('option', { name: 'Dragon Ball' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'My Hero Academia' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith('/search?q=My+Hero+Academia');
    expect(onSubmitted).toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]')).toEqual(['My Hero Academia']);
  });

  it('is a GET form to /search with the term as q, so it searches before hydration too', () => {
    const box = renderShell();
    expect(box).toHaveAttribute('name', 'q');
    expect(box.closest('form')).toHaveAttribute('action', '/search');
    expect(box.closest('form')).toHaveAttribute('method', 'get');
  });

  it('submits the trimmed, URL-encoded term and records it; a blank submit does nothing', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, '   {Enter}');
    expect(push).not.toHaveBeenCalled();
    // The text button and the magnifier (one of them shown, by the bar's width: CSS not applied here).
    const submits = screen.getAllByRole('button', { name: 'Buscar' });
    expect(submits).toHaveLength(2);
    for (const submit of submits) {
      expect(submit).toHaveAttribute('type', 'submit');
      await user.click(submit);
    }
    expect(push).not.toHaveBeenCalled();
    await user.type(box, ' one piece & co {Enter}');
    expect(push).toHaveBeenCalledWith('/search?q=one+piece+%26+co');
    expect(useRecentSearchesStore.getState().recent).toEqual(['one piece & co']);
  });

  it('lists at most five recent searches, newest first, before the popular ones', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    for (const term of ['s1', 's2', 's3', 's4', 's5', 's6', 'S2']) {
      await user.clear(box);
      await user.type(box, `${term}{Enter}`);
    }
    await user.clear(box);
    await user.click(box);
    const recent = screen.getByRole('group', { name: 'Buscas recentes' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['S2', 's6', 's5', 's4', 's3']);
  });

  it('asks for suggestions once, 300 ms after fast typing stops, and shows at most five', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, 'naruto');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Buscando sugestões...');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    expect(pending[0]?.url).toBe('/api/anime/suggest?q=naruto');
    answer(
      0,
      [1, 2, 3, 4, 5, 6].map((id) => anime(id, `Naruto ${id}`)),
    );
    const suggestions = await screen.findByRole('group', { name: 'Sugestões' });
    expect(within(suggestions).getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('5 sugestões disponíveis');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing below two characters', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, ' n ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Buscas populares' })).toBeInTheDocument();
  });

  it('never shows the answer for an older term', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, 'nar');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await user.type(box, 'uto');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 1000 });
    answer(1, [anime(20, 'Naruto')]);
    answer(0, [anime(99, 'Narnia Stale')]);
    expect(await screen.findByRole('option', { name: /Naruto/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Narnia Stale/ })).not.toBeInTheDocument();
  });

  it('opens the anime page when a suggestion is picked', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, 'death');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    answer(0, [anime(1535, 'Death Note')]);
    await screen.findByRole('option', { name: /Death Note/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(push).toHaveBeenCalledWith('/anime/1535');
    expect(useRecentSearchesStore.getState().recent).toEqual([]);
  });

  it('says when there are no suggestions', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, 'zzz');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    answer(0, []);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nenhuma sugestão encontrada.'));
  });

  it('says when suggestions could not be loaded, and still offers to search', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.type(box, 'bleach');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 1000 });
    act(() => pending[0]?.fail(502));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Não foi possível carregar as sugestões.'),
    );
    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith('/search?q=bleach');
  });

  it('closes on Escape, on clear and when focus leaves', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    await user.click(box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'x');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('textbox', { name: 'outro campo' }));
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
  });

  it('lets Escape close the list without reaching an enclosing dialog', async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    const outer = vi.fn();
    document.addEventListener('keydown', outer, true);
    await user.click(box);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(outer).not.toHaveBeenCalled();
    // With the list closed, Escape is for whoever else wants it.
    await user.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', outer, true);
  });

  it('keeps what was typed before its code arrived, and opens its list for it', async () => {
    const user = userEvent.setup();
    const { Bar, release } = await withHeldPopup();
    const box = renderShell(undefined, Bar);
    await user.type(box, 'naruto');
    // The popup's code is not here yet: the text and the focus are the bar's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.closest('form')).not.toHaveAttribute('data-combobox');
    expect(box).toHaveFocus();
    release();
    await waitFor(() => expect(box.closest('form')).toHaveAttribute('data-combobox', 'ready'));
    expect(box).toHaveValue('naruto');
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]?.url).toContain('q=naruto');
    answer(0, [anime(20, 'Naruto')]);
    expect(await screen.findByRole('option', { name: /Naruto/ })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps arrow keys pressed before its code arrived, and plays them in order', async () => {
    const { Bar, release } = await withHeldPopup();
    const box = renderShell(undefined, Bar);
    const form = box.closest('form')!;
    act(() => {
      box.focus();
      for (let i = 0; i < 3; i++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form).not.toHaveAttribute('data-combobox');
    release();
    await waitFor(() => expect(form).toHaveAttribute('data-combobox', 'ready'));
    const third = await screen.findByRole('option', { name: POPULAR_SEARCHES[2] });
    await waitFor(() => expect(third).toHaveAttribute('aria-selected', 'true'));
    expect(box).toHaveAttribute('aria-activedescendant', third.id);
  });

  it('ignores a blank search before its code arrived, and lets the form search otherwise', () => {
    const box = renderShell();
    const form = box.closest('form')!;
    const blank = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent.input(box, { target: { value: '   ' } });
    form.dispatchEvent(blank);
    expect(blank.defaultPrevented).toBe(true);
    const real = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent.input(box, { target: { value: 'naruto' } });
    form.dispatchEvent(real);
    expect(real.defaultPrevented).toBe(false);
  });

  it("focuses on '/' from anywhere, but not while typing in another field", async () => {
    const user = userEvent.setup();
    const box = await renderBar();
    const other = screen.getByRole('textbox', { name: 'outro campo' });
    await user.click(other);
    await user.keyboard('/');
    expect(other).toHaveValue('/');
    expect(other).toHaveFocus();

    other.blur();
    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
  });
});
