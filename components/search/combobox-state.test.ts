import { describe, expect, it } from 'vitest';
import { comboboxReducer, initialCombobox, moveActive, type ComboboxState } from './combobox-state';

const keys = ['a', 'b', 'c'];
const view = { keys, status: '', hasContent: true };

describe('moveActive', () => {
  it('starts at the first option going down and at the last going up, and wraps', () => {
    expect(moveActive(keys, null, 1)).toBe('a');
    expect(moveActive(keys, null, -1)).toBe('c');
    expect(moveActive(keys, 'c', 1)).toBe('a');
    expect(moveActive(keys, 'a', -1)).toBe('c');
    expect(moveActive(keys, 'gone', 1)).toBe('a');
  });

  it('leaves the active option alone when there are no options', () => {
    expect(moveActive([], null, 1)).toBeNull();
  });
});

describe('comboboxReducer', () => {
  it('opens a closed list on the first arrow, and moves on the next ones', () => {
    let state = comboboxReducer({ ...initialCombobox, view }, { type: 'step', step: 1 });
    expect(state).toMatchObject({ open: true, active: null });
    state = comboboxReducer(state, { type: 'step', step: 1 });
    expect(state.active).toBe('a');
  });

  it('keeps the arrows pressed before the popup told its options, and plays them in order then', () => {
    let state: ComboboxState = { ...initialCombobox, open: true };
    for (const step of [1, 1, 1, -1] as const) state = comboboxReducer(state, { type: 'step', step });
    expect(state.pending).toEqual([1, 1, 1, -1]);
    expect(state.active).toBeNull();
    state = comboboxReducer(state, { type: 'view', view });
    expect(state).toMatchObject({ active: 'b', pending: [] });
  });

  it('forgets the active option and waiting arrows on typing and on closing', () => {
    const state: ComboboxState = { open: true, active: 'b', pending: [1], view };
    expect(comboboxReducer(state, { type: 'typed' })).toMatchObject({
      open: true,
      active: null,
      pending: [],
    });
    expect(comboboxReducer(state, { type: 'close' })).toMatchObject({
      open: false,
      active: null,
      pending: [],
    });
  });
});
