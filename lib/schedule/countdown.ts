import { countdownParts } from './airing';

/** The Schedule messages a countdown is written with (next-intl's `t` for that namespace). */
export type CountdownTranslate = (
  key: 'countdown' | 'countdownDays' | 'countdownHours' | 'countdownMinutes',
  values: Record<string, string | number>,
) => string;

/**
 * "Próximo episódio em 2 d 4 h" / "Next episode in 2d 4h": days and hours while a day or more is
 * left, then hours and minutes, then minutes.
 */
export function countdownText(ms: number, t: CountdownTranslate): string {
  const { days, hours, minutes } = countdownParts(ms);
  const time =
    days > 0
      ? t('countdownDays', { days, hours })
      : hours > 0
        ? t('countdownHours', { hours, minutes })
        : t('countdownMinutes', { minutes });
  return t('countdown', { time });
}
