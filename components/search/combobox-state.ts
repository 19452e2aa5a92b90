/**
 * The search bar's combobox state (ARIA 1.2, SearchBar): whether the list is open, which option is
 * active (by key, so it survives a list that changes under it), and the arrow keys pressed before
 * the popup's code told which options there are. Pure: the bar runs it through useReducer.
 */

/** What the popup reports: its options' keys in order, its status line, whether it has anything to show. */
export interface PopupView {
  keys: string[];
  status: string;
  hasContent: boolean;
}

export interface ComboboxState {
  open: boolean;
  active: string | null;
  /** Arrow keys (+1 down, −1 up) pressed while the popup was not there yet, in order. */
  pending: (1 | -1)[];
  /** Null until the popup's code is here. */
  view: PopupView | null;
}

export type ComboboxAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'typed' }
  | { type: 'step'; step: 1 | -1 }
  | { type: 'activate'; key: string }
  | { type: 'view'; view: PopupView };

export const initialCombobox: ComboboxState = { open: false, active: null, pending: [], view: null };

/** The option after (or before) `active` among `keys`, wrapping; the first (or last) when none is. */
export function moveActive(keys: string[], active: string | null, step: 1 | -1): string | null {
  if (keys.length === 0) return active;
  const index = active === null ? -1 : keys.indexOf(active);
  const next = index === -1 ? (step === 1 ? 0 : keys.length - 1) : (index + step + keys.length) % keys.length;
  return keys[next] ?? null;
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'open':
      return { ...state, open: true };
    case 'close':
      return { ...state, open: false, active: null, pending: [] };
    case 'typed':
      return { ...state, open: true, active: null, pending: [] };
    case 'step':
      // A closed list opens first; the keys that come before the options are known wait for them.
      if (!state.open) return { ...state, open: true };
      if (!state.view) return { ...state, pending: [...state.pending, action.step] };
      return { ...state, active: moveActive(state.view.keys, state.active, action.step) };
    case 'activate':
      return { ...state, active: action.key };
    case 'view': {
      const { keys } = action.view;
      const active = state.pending.reduce<string | null>(
        (key, step) => moveActive(keys, key, step),
        state.active,
      );
      return { ...state, view: action.view, active, pending: [] };
    }
  }
}
