/**
 * Whole numbers written the way each interface language groups digits ("1.100" in Portuguese,
 * "1,100" in English), for the counts the pages show as they load: episodes on every card, the
 * rating stars, result and list counts, the unread badge. Not Intl.NumberFormat (nor an ICU `#`,
 * which makes one): the first one made in a page loads the language's number data, 13–24 ms on
 * this machine's Chromium, ×4 on Lighthouse's phone, inside the hydration task.
 * Messages take the number twice: `count` picks the plural form, `formatted` is what is shown.
 */
export function formatCount(count: number, locale: string): string {
  // Counts are whole numbers; anything else is left to Intl (never on a page's first render).
  if (!Number.isSafeInteger(count)) return new Intl.NumberFormat(locale).format(count);
  const grouped = Math.abs(count)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'en' ? ',' : '.');
  return count < 0 ? `-${grouped}` : grouped;
}

/** The values of a plural message over `count`: `t('episodes', countValues(12, locale))`. */
export function countValues(count: number, locale: string): { count: number; formatted: string } {
  return { count, formatted: formatCount(count, locale) };
}
