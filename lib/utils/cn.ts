/** Joins class names, dropping falsy ones (`cn('a', on && 'b', undefined)`). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
