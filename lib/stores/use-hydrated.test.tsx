// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated, useUntilHydrated } from './use-hydrated';

function Page({ onTap, seen }: { onTap: () => void; seen: { control: boolean; content: boolean }[] }) {
  const content = useHydrated();
  const ready = useUntilHydrated();
  seen.push({ control: !ready.disabled, content });
  return (
    <button type="button" {...ready} onClick={onTap}>
      {content ? 'stored content' : 'skeleton'}
    </button>
  );
}

describe('useUntilHydrated', () => {
  // First in the file: the page-wide flag is still false here, as on a page's first load.
  it('enables a control in the commit that hydrates it, before the page-wide flag and the content', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page onTap={() => undefined} seen={[]} />);
    const button = container.querySelector('button')!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    const seen: { control: boolean; content: boolean }[] = [];
    const onTap = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page onTap={onTap} seen={seen} />);
    });
    // Hydrated and enabled, the stored content still waiting for the page-wide flag.
    expect(seen[0]).toEqual({ control: false, content: false });
    expect(seen.at(-1)).toEqual({ control: true, content: false });
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.textContent).toBe('skeleton');
    // A tap at this moment acts (React drops clicks on a button whose props say disabled).
    button.click();
    expect(onTap).toHaveBeenCalledTimes(1);

    // The flag turns true in the task after the first reader subscribes: then the content.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(seen.at(-1)).toEqual({ control: true, content: true });
    expect(button.textContent).toBe('stored content');
  });

  it('a control mounted after hydration is enabled in its first commit', () => {
    const onTap = vi.fn();
    const { getByRole } = render(<Page onTap={onTap} seen={[]} />);
    const button = getByRole('button');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    button.click();
    expect(onTap).toHaveBeenCalledTimes(1);
  });
});
