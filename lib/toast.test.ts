import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_MS, toastDuration } from './toast';

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
