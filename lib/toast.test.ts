import { describe, expect, it, vi } from 'vitest';
import { connectToaster, DEFAULT_TOAST_MS, showToast, toastDuration, type PendingToast } from './toast';

// No chime in Node (no window, no Audio): showToast loads no sound module here.

describe('toastDuration', () => {
  it('defaults to 5 s', () => {
    expect(toastDuration()).toBe(DEFAULT_TOAST_MS);
    expect(DEFAULT_TOAST_MS).toBe(5000);
  });
  it('keeps a positive duration', () => {
    expect(toastDuration(1200)).toBe(1200);
  });
  it('turns 0 or less into "no auto-close"', () => {
    expect(toastDuration(0)).toBe(Number.POSITIVE_INFINITY);
    expect(toastDuration(-5)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('showToast before and after the container loads', () => {
  it('queues toasts until the container connects, then delivers them and every later one', () => {
    showToast('early', 'success');
    showToast('sticky', 'error', 0);
    const shown: PendingToast[] = [];
    const disconnect = connectToaster((toast) => shown.push(toast));
    expect(shown).toEqual([
      { message: 'early', type: 'success', duration: 5000 },
      { message: 'sticky', type: 'error', duration: Number.POSITIVE_INFINITY },
    ]);
    showToast('later');
    expect(shown.at(-1)).toEqual({ message: 'later', type: 'info', duration: 5000 });
    disconnect();
    showToast('queued again', 'warning');
    expect(shown).toHaveLength(3);
    connectToaster((toast) => shown.push(toast));
    expect(shown.at(-1)?.message).toBe('queued again');
  });
});

describe('a toast with an action', () => {
  it('carries its button to the container', () => {
    const shown: PendingToast[] = [];
    const disconnect = connectToaster((toast) => shown.push(toast));
    const onClick = vi.fn();
    showToast('Nova versão disponível', 'info', 0, { label: 'Atualizar', onClick });
    expect(shown.at(-1)).toMatchObject({ message: 'Nova versão disponível', action: { label: 'Atualizar' } });
    shown.at(-1)?.action?.onClick();
    expect(onClick).toHaveBeenCalledOnce();
    disconnect();
  });
});
