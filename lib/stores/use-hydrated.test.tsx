// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHydrated, useUntilHydrated } from './use-hydrated';

function Reader() {
  useHydrated();
  return null;
}

describe('useUntilHydrated', () => {
  it('enables a control in the render that turns the flag true, before the deferred content', async () => {
    const seen: { control: boolean; content: boolean }[] = [];
    function Page() {
      const content = useHydrated();
      const control = !useUntilHydrated().disabled;
      seen.push({ control, content });
      return null;
    }
    render(<Page />);
    expect(seen[0]).toEqual({ control: false, content: false });

    // The flag turns true in the task after the first reader subscribes.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    // One urgent render where the control works while the content still waits for its deferred
    // render, then the content.
    expect(seen).toContainEqual({ control: true, content: false });
    expect(seen.at(-1)).toEqual({ control: true, content: true });
    const firstEnabled = seen.findIndex((s) => s.control);
    const firstContent = seen.findIndex((s) => s.content);
    expect(firstEnabled).toBeLessThan(firstContent);
  });

  it('on a page reached after hydration, a control works from its first render', async () => {
    // The page has hydrated (the flag turns true in the task after the first reader subscribes).
    render(<Reader />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    const seen: ReturnType<typeof useUntilHydrated>[] = [];
    function Control() {
      seen.push(useUntilHydrated());
      return null;
    }
    render(<Control />);
    const props = seen[0];
    expect(props).toEqual({ disabled: false, 'aria-busy': undefined });
  });
});
