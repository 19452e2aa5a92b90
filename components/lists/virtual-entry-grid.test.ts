import { describe, expect, it } from 'vitest';
import { sameCardProps, type EntryItemProps } from './virtual-entry-grid';

const ref = () => undefined;
const item = (place: number, extra: Partial<EntryItemProps> = {}): EntryItemProps => ({
  'aria-posinset': place,
  'aria-setsize': 50_000,
  ...extra,
});

describe('sameCardProps', () => {
  const data = { state: 'loading' } as const;

  it('holds when the grid gives the same place in a new object', () => {
    expect(
      sameCardProps(
        { id: 1, data, itemProps: item(3, { ref, 'data-index': 1 }) },
        { id: 1, data, itemProps: item(3, { ref, 'data-index': 1 }) },
      ),
    ).toBe(true);
  });

  it('fails when the card shows something else', () => {
    expect(
      sameCardProps({ id: 1, data, itemProps: item(3) }, { id: 1, data: { ...data }, itemProps: item(3) }),
    ).toBe(false);
    expect(sameCardProps({ id: 1, data, itemProps: item(3) }, { id: 2, data, itemProps: item(3) })).toBe(
      false,
    );
  });

  it('fails when its place, the list length or the row it measures changes', () => {
    expect(sameCardProps({ id: 1, itemProps: item(3) }, { id: 1, itemProps: item(4) })).toBe(false);
    expect(
      sameCardProps(
        { id: 1, itemProps: item(3) },
        { id: 1, itemProps: { ...item(3), 'aria-setsize': 49_999 } },
      ),
    ).toBe(false);
    expect(
      sameCardProps({ id: 1, itemProps: item(3) }, { id: 1, itemProps: item(3, { ref, 'data-index': 1 }) }),
    ).toBe(false);
  });

  it('fails when a prop comes or goes', () => {
    expect(
      sameCardProps<{ id: number; note?: string; itemProps: EntryItemProps }>(
        { id: 1, itemProps: item(3) },
        { id: 1, note: 'x', itemProps: item(3) },
      ),
    ).toBe(false);
  });
});
