import { describe, expect, it } from 'vitest';
import { testAnime } from '@/lib/jikan/test-anime';
import type { AnimeDetails } from '@/lib/jikan/types';
import { sanitizeSnapshot, snapshotFromAnime } from './anime-snapshot';

const slot = { day: 1, time: '00:05', timezone: 'Asia/Tokyo', startDate: '2025-10-05' };

describe('the broadcast slot in a snapshot', () => {
  it('is kept from a detail record on the air, and left out for a listing item', () => {
    const details = { ...testAnime({ id: 90102 }), broadcast: slot } as unknown as AnimeDetails;
    expect(snapshotFromAnime(details).broadcast).toEqual(slot);
    expect(snapshotFromAnime(testAnime({ id: 90102 }))).not.toHaveProperty('broadcast');
  });

  it('survives storage only when every part of it can be placed', () => {
    expect(sanitizeSnapshot({ title: 'x', broadcast: slot })?.broadcast).toEqual(slot);
    expect(sanitizeSnapshot({ title: 'x', broadcast: { ...slot, startDate: 'soon' } })?.broadcast).toEqual({
      ...slot,
      startDate: null,
    });
    for (const broken of [
      { ...slot, day: 7 },
      { ...slot, time: '24:00' },
      { ...slot, timezone: 'Not/AZone' },
      { ...slot, timezone: '<script>' },
      'Mondays at 00:05 (JST)',
    ]) {
      expect(sanitizeSnapshot({ title: 'x', broadcast: broken })).not.toHaveProperty('broadcast');
    }
  });
});
