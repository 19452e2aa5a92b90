import { describe, expect, it } from 'vitest';
import type { BroadcastSlot } from '@/lib/jikan/types';
import {
  airingOnOrAfter,
  airingOnOrBefore,
  airingsBetween,
  countdownParts,
  episodeNumberAt,
  localSlot,
  nextEpisodeAt,
  startOfDay,
  zonedParts,
  zonedTime,
} from './airing';

const MONDAY_0005: BroadcastSlot = { day: 1, time: '00:05', timezone: 'Asia/Tokyo', startDate: null };
const at = (iso: string) => Date.parse(iso);

describe('zonedTime and zonedParts', () => {
  it('reads a wall-clock time in a zone as an instant and back', () => {
    expect(new Date(zonedTime(2025, 10, 6, 0, 5, 'Asia/Tokyo')).toISOString()).toBe(
      '2025-10-05T15:05:00.000Z',
    );
    expect(zonedParts(at('2025-10-05T15:05:00Z'), 'America/Sao_Paulo')).toMatchObject({
      year: 2025,
      month: 10,
      day: 5,
      hour: 12,
      minute: 5,
      weekday: 0,
    });
  });

  it('follows New York across the spring-forward and fall-back changes', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
    expect(new Date(zonedTime(2026, 3, 7, 12, 0, 'America/New_York')).toISOString()).toBe(
      '2026-03-07T17:00:00.000Z',
    );
    expect(new Date(zonedTime(2026, 3, 9, 12, 0, 'America/New_York')).toISOString()).toBe(
      '2026-03-09T16:00:00.000Z',
    );
    expect(new Date(zonedTime(2026, 10, 31, 12, 0, 'America/New_York')).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(new Date(zonedTime(2026, 11, 2, 12, 0, 'America/New_York')).toISOString()).toBe(
      '2026-11-02T17:00:00.000Z',
    );
  });
});

describe('clock changes: gaps, overlaps and skipped midnights', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('moves a time in a spring-forward gap forward, as the wall clock does', () => {
    // 2025-03-09: New York's clocks go from 02:00 EST to 03:00 EDT; 02:30 never happens.
    expect(iso(zonedTime(2025, 3, 9, 2, 30, 'America/New_York'))).toBe('2025-03-09T07:30:00.000Z');
    expect(zonedParts(zonedTime(2025, 3, 9, 2, 30, 'America/New_York'), 'America/New_York')).toMatchObject({
      hour: 3,
      minute: 30,
    });
    // The minutes either side of the gap stay where they are.
    expect(iso(zonedTime(2025, 3, 9, 1, 59, 'America/New_York'))).toBe('2025-03-09T06:59:00.000Z');
    expect(iso(zonedTime(2025, 3, 9, 3, 0, 'America/New_York'))).toBe('2025-03-09T07:00:00.000Z');
  });

  it('reads a repeated autumn time as its first occurrence, every time', () => {
    // 2025-11-02: 02:00 EDT → 01:00 EST; 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(iso(zonedTime(2025, 11, 2, 1, 30, 'America/New_York'))).toBe('2025-11-02T05:30:00.000Z');
    // Europe too: 2025-10-26 03:00 CEST → 02:00 CET in Berlin.
    expect(iso(zonedTime(2025, 10, 26, 2, 30, 'Europe/Berlin'))).toBe('2025-10-26T00:30:00.000Z');
    // A weekly slot at a repeated time airs once, at the first 01:30, seen from either side of it.
    const slot: BroadcastSlot = { day: 0, time: '01:30', timezone: 'America/New_York', startDate: null };
    expect(iso(airingOnOrAfter(slot, at('2025-11-01T12:00:00Z')))).toBe('2025-11-02T05:30:00.000Z');
    expect(iso(airingOnOrBefore(slot, at('2025-11-02T06:00:00Z')))).toBe('2025-11-02T05:30:00.000Z');
    expect(iso(airingOnOrAfter(slot, at('2025-11-02T06:00:00Z')))).toBe('2025-11-09T06:30:00.000Z');
  });

  it('starts a day whose midnight was skipped at the clock change (São Paulo, 2018-11-04)', () => {
    // Under the old rules São Paulo went from 00:00 BRT to 01:00 BRST: the day began at 01:00 (03:00Z).
    expect(iso(startOfDay(2018, 11, 4, 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
    expect(zonedParts(startOfDay(2018, 11, 4, 'America/Sao_Paulo'), 'America/Sao_Paulo')).toMatchObject({
      day: 4,
      hour: 1,
      minute: 0,
    });
    // An ordinary midnight, and the fall-back day (2019-02-17, 00:00 BRST → 23:00 BRT on the 16th).
    expect(iso(startOfDay(2018, 11, 5, 'America/Sao_Paulo'))).toBe('2018-11-05T02:00:00.000Z');
    expect(iso(startOfDay(2019, 2, 17, 'America/Sao_Paulo'))).toBe('2019-02-17T03:00:00.000Z');
    expect(iso(startOfDay(2025, 3, 9, 'America/New_York'))).toBe('2025-03-09T05:00:00.000Z');
  });

  it('keeps the visitor’s week on the right day when their midnight is skipped', () => {
    // Sunday 11:30 in Tokyo is 02:30Z, Saturday 23:30 BRT on 2018-11-03: yesterday for a visitor
    // in São Paulo on Sunday the 4th, whose day began at 03:00Z. The next airing is the coming one.
    const slot: BroadcastSlot = { day: 0, time: '11:30', timezone: 'Asia/Tokyo', startDate: null };
    const local = localSlot(slot, at('2018-11-04T12:00:00Z'), 'America/Sao_Paulo');
    expect(iso(local.at)).toBe('2018-11-11T02:30:00.000Z');
    expect(local).toMatchObject({ weekday: 0, minutes: 30 });
  });
});

describe('airings of a weekly slot', () => {
  it('finds the next and the last airing around an instant', () => {
    const sunday = at('2025-10-12T12:00:00Z'); // Sunday 21:00 in Tokyo
    expect(new Date(airingOnOrAfter(MONDAY_0005, sunday)).toISOString()).toBe('2025-10-12T15:05:00.000Z');
    expect(new Date(airingOnOrBefore(MONDAY_0005, sunday)).toISOString()).toBe('2025-10-05T15:05:00.000Z');
    const exactly = at('2025-10-12T15:05:00Z');
    expect(airingOnOrAfter(MONDAY_0005, exactly)).toBe(exactly);
    expect(airingOnOrBefore(MONDAY_0005, exactly)).toBe(exactly);
  });
});

describe('localSlot: the slot in a visitor’s week', () => {
  const now = at('2025-10-08T12:00:00Z');

  it('moves Monday 00:05 in Tokyo to Sunday 12:05 in São Paulo (midnight crossed backwards)', () => {
    expect(localSlot(MONDAY_0005, now, 'America/Sao_Paulo')).toMatchObject({
      weekday: 0,
      minutes: 12 * 60 + 5,
    });
    expect(localSlot(MONDAY_0005, now, 'Asia/Tokyo')).toMatchObject({ weekday: 1, minutes: 5 });
  });

  it('moves a late Tokyo slot to the next day east of Tokyo (midnight crossed forwards)', () => {
    const saturdayLate: BroadcastSlot = { day: 6, time: '23:30', timezone: 'Asia/Tokyo', startDate: null };
    expect(localSlot(saturdayLate, now, 'Pacific/Auckland')).toMatchObject({
      weekday: 0,
      minutes: 3 * 60 + 30,
    });
  });

  it('gives New York its own offset on each side of a clock change', () => {
    // Monday 00:05 JST is Sunday 15:05 UTC: 10:05 EST in winter, 11:05 EDT in summer.
    const beforeSpring = localSlot(MONDAY_0005, at('2026-02-26T12:00:00Z'), 'America/New_York');
    const afterSpring = localSlot(MONDAY_0005, at('2026-03-10T12:00:00Z'), 'America/New_York');
    expect(beforeSpring).toMatchObject({ weekday: 0, minutes: 10 * 60 + 5 });
    expect(afterSpring).toMatchObject({ weekday: 0, minutes: 11 * 60 + 5 });
    const beforeFall = localSlot(MONDAY_0005, at('2026-10-22T12:00:00Z'), 'America/New_York');
    const afterFall = localSlot(MONDAY_0005, at('2026-11-03T12:00:00Z'), 'America/New_York');
    expect(beforeFall).toMatchObject({ weekday: 0, minutes: 11 * 60 + 5 });
    expect(afterFall).toMatchObject({ weekday: 0, minutes: 10 * 60 + 5 });
    // Seen from the Friday before, the coming Sunday is the change day itself: already the new offset.
    expect(localSlot(MONDAY_0005, at('2026-03-06T12:00:00Z'), 'America/New_York').minutes).toBe(11 * 60 + 5);
    expect(localSlot(MONDAY_0005, at('2026-10-30T12:00:00Z'), 'America/New_York').minutes).toBe(10 * 60 + 5);
  });

  it('reads the week from the start of the visitor’s today, so today’s earlier airing stays today', () => {
    const sundayEvening = at('2025-10-12T22:00:00Z'); // Sunday 19:00 in São Paulo, after the 12:05 airing
    const slot = localSlot(MONDAY_0005, sundayEvening, 'America/Sao_Paulo');
    expect(slot.weekday).toBe(0);
    expect(new Date(slot.at).toISOString()).toBe('2025-10-12T15:05:00.000Z');
  });
});

describe('episodes and the next one', () => {
  const twelve: BroadcastSlot = { ...MONDAY_0005, startDate: '2025-10-05' };

  it('counts episodes from the first slot on or after the start date', () => {
    expect(episodeNumberAt(twelve, at('2025-10-05T15:05:00Z'))).toBe(1);
    expect(episodeNumberAt(twelve, at('2025-10-12T15:05:00Z'))).toBe(2);
  });

  it('answers the first airing before the show starts, the next slot while it runs, none after the last', () => {
    expect(nextEpisodeAt(twelve, 12, at('2025-10-01T00:00:00Z'))).toBe(at('2025-10-05T15:05:00Z'));
    expect(nextEpisodeAt(twelve, 12, at('2025-10-06T00:00:00Z'))).toBe(at('2025-10-12T15:05:00Z'));
    // Episode 12 aired on 2025-12-21 (Monday 22 in Tokyo): nothing after it.
    expect(nextEpisodeAt(twelve, 12, at('2025-12-20T00:00:00Z'))).toBe(at('2025-12-21T15:05:00Z'));
    expect(nextEpisodeAt(twelve, 12, at('2025-12-22T00:00:00Z'))).toBeNull();
    // Total unknown: the slot goes on.
    expect(nextEpisodeAt(twelve, null, at('2025-12-22T00:00:00Z'))).toBe(at('2025-12-28T15:05:00Z'));
  });

  it('lists the episodes that aired in a span, oldest first, bounded', () => {
    const since = at('2025-10-10T00:00:00Z');
    const until = at('2025-10-27T00:00:00Z');
    expect(airingsBetween(twelve, 12, since, until, 10).map((t) => new Date(t).toISOString())).toEqual([
      '2025-10-12T15:05:00.000Z',
      '2025-10-19T15:05:00.000Z',
      '2025-10-26T15:05:00.000Z',
    ]);
    expect(airingsBetween(twelve, 12, since, until, 1)).toEqual([at('2025-10-26T15:05:00Z')]);
    expect(airingsBetween(twelve, 12, at('2025-09-01T00:00:00Z'), at('2025-10-06T00:00:00Z'), 10)).toEqual([
      at('2025-10-05T15:05:00Z'),
    ]);
    expect(airingsBetween(twelve, 2, since, until, 10)).toEqual([at('2025-10-12T15:05:00Z')]);
  });
});

describe('countdownParts', () => {
  it('splits a span into days, hours and minutes, rounding up to the minute', () => {
    expect(countdownParts(((2 * 24 + 4) * 60 + 30) * 60_000)).toEqual({ days: 2, hours: 4, minutes: 30 });
    expect(countdownParts(1000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
