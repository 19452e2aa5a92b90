import { describe, expect, it } from 'vitest';
import { formatMinutes, groupWeek, type ScheduleEntry } from './week';

const entry = (id: number, day: number, time: string, title: string): ScheduleEntry => ({
  id,
  title,
  titleEnglish: null,
  image: null,
  type: 'TV',
  episodes: 12,
  broadcast: { day, time, timezone: 'Asia/Tokyo', startDate: null },
});

const week = [
  entry(1, 1, '00:05', 'Monday midnight'),
  entry(2, 0, '23:00', 'Sunday late'),
  entry(3, 0, '09:00', 'Sunday morning'),
];

describe('groupWeek', () => {
  it('groups by the broadcast weekday, Monday first, by time, without a placement', () => {
    const days = groupWeek(week, null);
    expect(days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(days[0]?.items.map((item) => item.entry.id)).toEqual([1]);
    expect(days[6]?.items.map((item) => item.entry.id)).toEqual([3, 2]);
    expect(days.some((day) => day.today)).toBe(false);
  });

  it('moves entries to the visitor’s days and marks today', () => {
    // Wednesday 2025-10-08 in São Paulo.
    const days = groupWeek(week, { zone: 'America/Sao_Paulo', now: Date.parse('2025-10-08T15:00:00Z') });
    const sunday = days.find((day) => day.weekday === 0);
    const saturday = days.find((day) => day.weekday === 6);
    // Sunday 09:00 JST is Saturday 21:00; Sunday 23:00 and Monday 00:05 JST are Sunday 11:00 and 12:05.
    expect(saturday?.items.map((item) => [item.entry.id, item.minutes])).toEqual([[3, 21 * 60]]);
    expect(sunday?.items.map((item) => [item.entry.id, item.minutes])).toEqual([
      [2, 11 * 60],
      [1, 12 * 60 + 5],
    ]);
    expect(days.filter((day) => day.today).map((day) => day.weekday)).toEqual([3]);
  });
});

describe('formatMinutes', () => {
  it('writes a time of day per language', () => {
    expect(formatMinutes(5, 'pt')).toBe('00:05');
    expect(formatMinutes(12 * 60 + 5, 'pt')).toBe('12:05');
    expect(formatMinutes(12 * 60 + 5, 'en')).toBe('12:05 PM');
  });
});
