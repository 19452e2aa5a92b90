import { describe, expect, it } from 'vitest';
import { validatePush, type Change } from './protocol';

const NOW = 1_750_000_000_000;
const dismissal = (key: string, extra: Partial<Change> = {}): Change => ({
  kind: 'dismissal',
  key,
  hlc: '1750000000000-0000-aaaaaaaa',
  deleted: false,
  data: { at: '2025-06-15T12:00:00.000Z' },
  ...extra,
});

const push = (...changes: unknown[]) => validatePush({ epoch: null, changes }, NOW);

describe('dismissal changes', () => {
  it('takes a dismissal keyed by an anime id, and its undo as a removal', () => {
    const checked = push(dismissal('1535'), dismissal('20', { deleted: true, data: null }));
    expect(checked.ok).toBe(true);
    if (checked.ok)
      expect(checked.body.changes.map((change) => change.kind)).toEqual(['dismissal', 'dismissal']);
  });

  it.each([
    ['a key that is no anime id', dismissal('0')],
    ['the preferences key', dismissal('notifications')],
    ['a key past the largest id', dismissal('99999999')],
    ['no date', dismissal('1', { data: {} as never })],
    ['a date it cannot read', dismissal('1', { data: { at: 'yesterday' } })],
    ['a very long date', dismissal('1', { data: { at: `2025-06-15T12:00:00.000Z${' '.repeat(100)}` } })],
    ['an unknown field', dismissal('1', { data: { at: '2025-06-15T12:00:00.000Z', note: 'x' } as never })],
    ['a rating’s data', dismissal('1', { data: { rating: 5, opinion: '', ratedAt: null, snapshot: null } })],
    ['data on a removal', dismissal('1', { deleted: true })],
  ])('refuses %s, naming where', (_name, change) => {
    const checked = push(dismissal('2'), change);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(/^Invalid library change: changes\.1\./);
  });

  it('refuses an unknown kind', () => {
    expect(push({ ...dismissal('1'), kind: 'hidden' }).ok).toBe(false);
  });
});

describe('snapshots', () => {
  const rating = (snapshot: unknown) => ({
    kind: 'rating',
    key: '21',
    hlc: `${NOW}-0000-aaaaaaaa`,
    deleted: false,
    data: { rating: 4, opinion: '', ratedAt: null, snapshot },
  });
  const base = {
    title: 'One Piece',
    titleEnglish: null,
    image: null,
    type: 'TV',
    episodes: null,
    score: 8.7,
    takenAt: '2026-11-27T09:00:00.000Z',
  };

  it('takes the weekly slot of an airing show, as the detail page keeps it', () => {
    const slot = { day: 3, time: '17:30', timezone: 'Asia/Tokyo', startDate: '1999-10-20' };
    expect(push(rating({ ...base, broadcast: slot })).ok).toBe(true);
    expect(push(rating({ ...base, broadcast: { ...slot, startDate: null } })).ok).toBe(true);
  });

  it('refuses a slot it cannot read', () => {
    expect(
      push(rating({ ...base, broadcast: { day: 9, time: '17:30', timezone: 'x', startDate: null } })).ok,
    ).toBe(false);
    expect(
      push(rating({ ...base, broadcast: { day: 1, time: 'soon', timezone: 'x', startDate: null } })).ok,
    ).toBe(false);
  });

  it('says a stamp too far ahead is a clock matter (CLOCK_AHEAD)', () => {
    const checked = push({ ...rating(base), hlc: `${NOW + 2 * 24 * 3600_000}-0000-aaaaaaaa` });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.code).toBe('CLOCK_AHEAD');
  });
});
