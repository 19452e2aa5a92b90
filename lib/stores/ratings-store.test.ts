// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  idFromRatingKey,
  MAX_OPINION_LENGTH,
  RATING_ENTRIES_KEY,
  ratingChanges,
  ratingFeedbackKey,
  sanitizeRating,
  selectRatedAnimes,
  useRatingsStore,
} from './ratings-store';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await useRatingsStore.persist.rehydrate();
});

describe('rating rules (pure)', () => {
  it('accepts {rating 0–5, opinion}, defaults a missing opinion, ignores extra fields', () => {
    expect(sanitizeRating({ rating: 4, opinion: 'Ótimo', animeId: 1 })).toEqual({
      rating: 4,
      opinion: 'Ótimo',
    });
    expect(sanitizeRating({ rating: 0 })).toEqual({ rating: 0, opinion: '' });
    expect(sanitizeRating({ rating: '3', opinion: 5 })).toEqual({ rating: 3, opinion: '' });
  });

  it('rejects ratings outside 0–5, fractions and non-objects', () => {
    for (const value of [{ rating: 6 }, { rating: -1 }, { rating: 2.5 }, { rating: 'x' }, [], null, 'a', 5]) {
      expect(sanitizeRating(value)).toBeNull();
    }
  });

  it('removes invisible characters from a stored or imported opinion', () => {
    expect(sanitizeRating({ rating: 3, opinion: '\u200cbom\u200d\u061c' })).toEqual({
      rating: 3,
      opinion: 'bom',
    });
  });

  it('cuts an over-long stored opinion instead of losing the rating', () => {
    expect(sanitizeRating({ rating: 2, opinion: 'a'.repeat(MAX_OPINION_LENGTH + 10) })?.opinion).toHaveLength(
      MAX_OPINION_LENGTH,
    );
  });

  it('recognises only animeRating_{digits} keys', () => {
    expect(idFromRatingKey('animeRating_21')).toBe(21);
    expect(idFromRatingKey('animeRating_0')).toBeNull();
    expect(idFromRatingKey('animeRating_abc')).toBeNull();
    expect(idFromRatingKey('animeRating___proto__')).toBeNull();
    expect(idFromRatingKey('rating_21')).toBeNull();
  });

  it('lists rated anime newest first, leaving out empty entries', () => {
    const rated = selectRatedAnimes({
      ratings: {
        1: { rating: 5, opinion: '' },
        2: { rating: 3, opinion: 'ok' },
        3: { rating: 0, opinion: '' },
      },
      entries: {
        2: { snapshot: null, ratedAt: '2026-11-23T10:00:00Z' },
        1: { snapshot: null, ratedAt: '2026-11-01T10:00:00Z' },
      },
    });
    expect(rated.map((entry) => entry.animeId)).toEqual([2, 1]);
  });

  it('maps results to the SPEC §8 messages', () => {
    expect(ratingFeedbackKey('save', { ok: true })).toBe('saved');
    expect(ratingFeedbackKey('save', { ok: false, reason: 'quota' })).toBe('saveUnavailable');
    expect(ratingFeedbackKey('remove', { ok: true })).toBe('removed');
    expect(ratingFeedbackKey('remove', { ok: false, reason: 'unavailable' })).toBe('removeUnavailable');
    expect(ratingFeedbackKey('save', { ok: false, reason: 'invalid' })).toBe('editSaveError');
  });
});

describe('useRatingsStore', () => {
  it('saves under animeRating_{id} as {rating, opinion}, the documented format', () => {
    expect(useRatingsStore.getState().saveRating(21, 4, '  Muito bom  ')).toEqual({ ok: true });
    expect(stored('animeRating_21')).toEqual({ rating: 4, opinion: 'Muito bom' });
    expect(useRatingsStore.getState().ratings[21]).toEqual({ rating: 4, opinion: 'Muito bom' });
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('21.ratedAt');
  });

  it('stores the opinion without invisible characters', () => {
    expect(useRatingsStore.getState().saveRating(21, 4, 'Mui\u200bto\u2060 bom\u{e0041}\u202e')).toEqual({
      ok: true,
    });
    expect(stored('animeRating_21')).toEqual({ rating: 4, opinion: 'Muito bom' });
  });

  it('loads ratings the original app wrote, without rewriting them', async () => {
    localStorage.setItem('animeRating_5', JSON.stringify({ rating: 5, opinion: 'Obra-prima', extra: true }));
    localStorage.setItem('animeRating_9', JSON.stringify({ rating: 3, opinion: '' }));
    localStorage.setItem('animeRating_bad', '{"rating":4}');
    localStorage.setItem('animeRating_10', '{corrupted');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await useRatingsStore.persist.rehydrate();
    expect(useRatingsStore.getState().ratings).toEqual({
      5: { rating: 5, opinion: 'Obra-prima' },
      9: { rating: 3, opinion: '' },
    });
    useRatingsStore.getState().saveRating(9, 4, '');
    expect(localStorage.getItem('animeRating_5')).toBe('{"rating":5,"opinion":"Obra-prima","extra":true}');
    expect(localStorage.getItem('animeRating_10')).toBe('{corrupted');
    expect(stored('animeRating_9')).toEqual({ rating: 4, opinion: '' });
  });

  it('removes the stored entry (SPEC §4) and answers the default afterwards', () => {
    const { saveRating, removeRating } = useRatingsStore.getState();
    saveRating(3, 5, 'x');
    expect(removeRating(3)).toEqual({ ok: true });
    expect(localStorage.getItem('animeRating_3')).toBeNull();
    expect(useRatingsStore.getState().ratings[3]).toBeUndefined();
  });

  it('rejects bad ids and values and logs them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { saveRating } = useRatingsStore.getState();
    expect(saveRating('abc', 3, '')).toEqual({ ok: false, reason: 'invalid' });
    expect(saveRating(1, 7, '')).toEqual({ ok: false, reason: 'invalid' });
    expect(saveRating(1, 3, 'a'.repeat(MAX_OPINION_LENGTH + 1))).toEqual({ ok: false, reason: 'invalid' });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(localStorage.length).toBe(0);
  });

  it('storage full or blocked: answers the failure and keeps the previous rating', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    useRatingsStore.getState().saveRating(1, 2, 'antes');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = useRatingsStore.getState().saveRating(1, 5, 'depois');
    expect(result).toEqual({ ok: false, reason: 'quota' });
    expect(ratingFeedbackKey('save', result)).toBe('saveUnavailable');
    setItem.mockRestore();
    expect(useRatingsStore.getState().ratings[1]).toEqual({ rating: 2, opinion: 'antes' });
    expect(stored('animeRating_1')).toEqual({ rating: 2, opinion: 'antes' });

    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(useRatingsStore.getState().removeRating(1)).toEqual({ ok: false, reason: 'unavailable' });
    expect(useRatingsStore.getState().ratings[1]).toEqual({ rating: 2, opinion: 'antes' });
  });

  it('picks up a rating saved in another tab', async () => {
    localStorage.setItem('animeRating_44', '{"rating":5,"opinion":""}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'animeRating_44' }));
    await vi.waitFor(() =>
      expect(useRatingsStore.getState().ratings[44]).toEqual({ rating: 5, opinion: '' }),
    );
  });

  it("saving one rating writes only that rating's keys, whatever else is stored", async () => {
    for (let id = 1; id <= 300; id++) {
      localStorage.setItem(`animeRating_${id}`, JSON.stringify({ rating: 1 + (id % 5), opinion: '' }));
    }
    await useRatingsStore.persist.rehydrate();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(useRatingsStore.getState().saveRating(150, 5, 'revisto')).toEqual({ ok: true });
    // Nor is every rating serialised to find the changed one.
    expect(stringify.mock.calls.length).toBeLessThan(5);
    expect(setItem.mock.calls.map(([key]) => key).sort()).toEqual([RATING_ENTRIES_KEY, 'animeRating_150']);
    expect(removeItem).not.toHaveBeenCalled();
    setItem.mockClear();
    expect(useRatingsStore.getState().removeRating(7)).toEqual({ ok: true });
    expect(removeItem.mock.calls.map(([key]) => key)).toEqual(['animeRating_7']);
    // Rating 7 had no entry data, so the entries key is the same and is left alone.
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.getItem('animeRating_8')).toBe('{"rating":4,"opinion":""}');
  });

  it('loads the original format: every rating key, plain and with opinions, digit forms and all', async () => {
    localStorage.setItem('animeRating_1', '{"rating":5,"opinion":""}');
    localStorage.setItem('animeRating_2', '{"rating":"4","opinion":"Bom\u200b demais"}');
    localStorage.setItem('animeRating_003', '{"rating":2}');
    localStorage.setItem('animeRating_4', '{"rating":0,"opinion":"só a opinião"}');
    localStorage.setItem('animeRating_5', '{"rating":9}');
    localStorage.setItem('completedList', '[1,2]');
    localStorage.setItem(RATING_ENTRIES_KEY, '{"1":{"ratedAt":"2026-11-20T10:00:00.000Z"},"77":{}}');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await useRatingsStore.persist.rehydrate();
    expect(useRatingsStore.getState().ratings).toEqual({
      1: { rating: 5, opinion: '' },
      2: { rating: 4, opinion: 'Bom demais' },
      3: { rating: 2, opinion: '' },
      4: { rating: 0, opinion: 'só a opinião' },
    });
    expect(useRatingsStore.getState().entries).toEqual({
      1: { snapshot: null, ratedAt: '2026-11-20T10:00:00.000Z' },
    });
    expect(selectRatedAnimes(useRatingsStore.getState()).map((entry) => entry.animeId)).toEqual([1, 2, 3, 4]);
    // Reading writes nothing.
    expect(setItem).not.toHaveBeenCalled();
  });

  it('ratingChanges: the changed ratings only, the entries key only when it differs', () => {
    const one = { rating: 3, opinion: '' };
    const from = { ratings: { 1: one, 2: { rating: 4, opinion: 'x' } }, entries: {} };
    // A sync answer carries equal values as new objects: nothing to write.
    const same = { ratings: { 1: { ...one }, 2: { rating: 4, opinion: 'x' } }, entries: {} };
    expect(ratingChanges(from, null, same).changes).toEqual([]);
    const entry = { snapshot: null, ratedAt: '2026-11-20T10:00:00.000Z' };
    const next = { ratings: { 1: one, 3: { rating: 5, opinion: '' } }, entries: { 3: entry } };
    expect(ratingChanges(from, null, next)).toEqual({
      changes: [
        ['animeRating_3', '{"rating":5,"opinion":""}'],
        ['animeRating_2', null],
        [RATING_ENTRIES_KEY, JSON.stringify({ 3: entry })],
      ],
      entriesRaw: JSON.stringify({ 3: entry }),
    });
  });

  it("another tab's single rating is applied from its own key, and nothing is written back", async () => {
    for (let id = 1; id <= 50; id++) localStorage.setItem(`animeRating_${id}`, '{"rating":3,"opinion":""}');
    await useRatingsStore.persist.rehydrate();
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    localStorage.setItem('animeRating_7', '{"rating":5,"opinion":"revisto"}');
    localStorage.removeItem('animeRating_9');
    setItem.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'animeRating_7' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'animeRating_9' }));
    await vi.waitFor(() =>
      expect(useRatingsStore.getState().ratings[7]).toEqual({ rating: 5, opinion: 'revisto' }),
    );
    expect(useRatingsStore.getState().ratings[9]).toBeUndefined();
    expect(Object.keys(useRatingsStore.getState().ratings)).toHaveLength(49);
    expect(getItem.mock.calls.map(([key]) => key).sort()).toEqual(['animeRating_7', 'animeRating_9']);
    expect(setItem).not.toHaveBeenCalled();
    // The next save still writes only its own keys.
    useRatingsStore.getState().saveRating(1, 1, '');
    expect(setItem.mock.calls.map(([key]) => key).sort()).toEqual([RATING_ENTRIES_KEY, 'animeRating_1']);
  });
});
