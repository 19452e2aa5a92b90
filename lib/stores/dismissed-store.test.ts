// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DISMISSED_KEY, MAX_DISMISSED, sanitizeDismissed, useDismissedStore } from './dismissed-store';

const stored = () => JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  useDismissedStore.setState({ dismissed: {} });
});

describe('useDismissedStore', () => {
  it('keeps a dismissal in localStorage and forgets it on undo', () => {
    useDismissedStore.getState().dismiss(44511);
    expect(Object.keys(useDismissedStore.getState().dismissed)).toEqual(['44511']);
    expect(stored()).toMatchObject({ state: { dismissed: { 44511: expect.any(String) } } });
    useDismissedStore.getState().undo(44511);
    expect(useDismissedStore.getState().dismissed).toEqual({});
    expect(stored()).toMatchObject({ state: { dismissed: {} } });
  });

  it('reads back what was stored, dropping what is not an anime id with a date', async () => {
    localStorage.setItem(
      DISMISSED_KEY,
      JSON.stringify({
        state: { dismissed: { 20: '2026-11-01T00:00:00Z', abc: 'x', '-3': '2026-11-01', 21: 7 } },
      }),
    );
    await useDismissedStore.persist.rehydrate();
    expect(useDismissedStore.getState().dismissed).toEqual({ 20: '2026-11-01T00:00:00Z' });
  });

  it(`keeps the ${MAX_DISMISSED} most recent`, () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_DISMISSED + 5 }, (_, i) => [
        i + 1,
        new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      ]),
    );
    const kept = sanitizeDismissed(many);
    expect(Object.keys(kept)).toHaveLength(MAX_DISMISSED);
    expect(kept[1]).toBeUndefined();
    expect(kept[MAX_DISMISSED + 5]).toBeDefined();
  });
});
