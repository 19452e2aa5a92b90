// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStoresHydratedHere, type PersistedStore } from './stores-hydrated';
import { isHydrated, useHydrated, useHydratedHere } from './use-hydrated';

/** A persisted store whose reading of storage finishes when the test says. */
function fakeStore(hydrated: boolean) {
  const listeners = new Set<() => void>();
  const store = {
    hydrated,
    getState: () => ({}),
    persist: {
      hasHydrated: () => store.hydrated,
      onFinishHydration: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      rehydrate: () => undefined,
    },
    finish() {
      store.hydrated = true;
      for (const listener of [...listeners]) listener();
    },
  };
  return store satisfies PersistedStore & { finish: () => void };
}

const lists = fakeStore(false);
const useListsHere = createStoresHydratedHere([lists]);

function Main({ seen }: { seen: { here: boolean; lists: boolean; page: boolean }[] }) {
  const here = useHydratedHere();
  const listsHere = useListsHere();
  const page = useHydrated();
  seen.push({ here, lists: listsHere, page });
  return <p>{here ? 'first screen' : 'skeleton'}</p>;
}

describe('useHydratedHere and createStoresHydratedHere', () => {
  // First in the file: the page-wide flag is still false here, as on a page's first load.
  it('hydrate as the server drew them, then show in the render after their own hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Main seen={[]} />);
    expect(container.textContent).toBe('skeleton');

    const seen: { here: boolean; lists: boolean; page: boolean }[] = [];
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Main seen={seen} />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(seen[0]).toEqual({ here: false, lists: false, page: false });
    // Shown without the page-wide flag's task: it has not run yet.
    expect(isHydrated()).toBe(false);
    expect(seen.at(-1)).toEqual({ here: true, lists: false, page: false });
    expect(container.textContent).toBe('first screen');

    // The stores' reading finishes later: the lists show then.
    await act(async () => lists.finish());
    expect(seen.at(-1)?.lists).toBe(true);

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(isHydrated()).toBe(true);
  });

  it('mounted after the page hydrated (a client navigation), show in their first render', () => {
    expect(isHydrated()).toBe(true);
    const seen: { here: boolean; lists: boolean; page: boolean }[] = [];
    render(<Main seen={seen} />);
    expect(seen[0]).toEqual({ here: true, lists: true, page: true });
    // No second render for nothing: what the first drew stands.
    expect(seen).toHaveLength(1);
  });
});
