import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { BroadcastSlot } from '@/lib/jikan/types';
import en from '@/messages/en.json';
import pt from '@/messages/pt.json';
import { nextEpisodeAt } from './airing';
import { countdownText, type CountdownTranslate } from './countdown';

const translator = (locale: 'pt' | 'en'): CountdownTranslate => {
  const t = createTranslator({ locale, messages: locale === 'pt' ? pt : en, namespace: 'Schedule' });
  return (key, values) => t(key, values);
};

describe('countdownText', () => {
  // A fixed clock: Friday 2025-10-10 10:55 UTC; the Monday 00:05 JST slot is Sunday 15:05 UTC.
  const now = Date.parse('2025-10-10T10:55:00Z');
  const slot: BroadcastSlot = { day: 1, time: '00:05', timezone: 'Asia/Tokyo', startDate: '2025-10-05' };
  const left = (nextEpisodeAt(slot, 12, now) ?? 0) - now;

  it('says days and hours in both languages', () => {
    expect(countdownText(left, translator('pt'))).toBe('Próximo episódio em 2 d 4 h');
    expect(countdownText(left, translator('en'))).toBe('Next episode in 2d 4h');
  });

  it('says hours and minutes under a day, minutes under an hour', () => {
    const hours = (4 * 60 + 10) * 60_000;
    expect(countdownText(hours, translator('pt'))).toBe('Próximo episódio em 4 h 10 min');
    expect(countdownText(hours, translator('en'))).toBe('Next episode in 4h 10m');
    expect(countdownText(59_000, translator('pt'))).toBe('Próximo episódio em 1 min');
    expect(countdownText(59_000, translator('en'))).toBe('Next episode in 1m');
  });
});
