// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyPart, retryImport } from './lazy-part';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (online) window.dispatchEvent(new Event('online'));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('retryImport', () => {
  it('loads again when the connection comes back after a failed load, and never rejects', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('module');
    const loaded = vi.fn();
    void retryImport(load).then(loaded, loaded);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(loaded).not.toHaveBeenCalled();
    setOnline(true);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledWith('module'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('while online, tries again after 1 s, then 2 s, …', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue('module');
    const loaded = vi.fn();
    void retryImport(load).then(loaded);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(loaded).toHaveBeenCalledWith('module');
  });
});

describe('LazyPart', () => {
  it('keeps its fallback while its code fails to load, and draws the part once it loads', async () => {
    setOnline(false);
    let fail = true;
    const load = vi.fn(() =>
      fail
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(({ name }: { name: string }) => <p>{name}</p>),
    );
    render(<LazyPart load={load} props={{ name: 'the part' }} fallback={<p>its placeholder</p>} />);
    expect(screen.getByText('its placeholder')).toBeInTheDocument();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('the part')).not.toBeInTheDocument();
    expect(screen.getByText('its placeholder')).toBeInTheDocument();
    fail = false;
    act(() => setOnline(true));
    expect(await screen.findByText('the part')).toBeInTheDocument();
    expect(screen.queryByText('its placeholder')).not.toBeInTheDocument();
  });

  it('loads nothing until `when` turns true', async () => {
    const load = vi.fn(() => Promise.resolve(() => <p>the panel</p>));
    const { rerender } = render(<LazyPart load={load} props={{}} when={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    rerender(<LazyPart load={load} props={{}} when />);
    expect(await screen.findByText('the panel')).toBeInTheDocument();
  });
});
