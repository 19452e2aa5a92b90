/**
 * SPEC §5 adult-access rules as pure functions, shared by the browser (useAuth) and the server
 * (lib/server/request-auth.ts), so both decide alike. Dates are compared as UTC calendar days on
 * both sides: a client and the server never disagree about the same token at the same moment.
 */

/** SPEC §9. */
export const ADULT_AGE = 18;

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** What the rules read about a signed-in user (SPEC §3 Signed-in user). */
export interface AgeFacts {
  /** Birthday as found in provider data or the token's `birthday` claim; absent = unknown. */
  birthday?: unknown;
  /** metadata.creationTime (any Date-parsable text), when known. */
  creationTime?: string | null;
  /** The claims could not be read (offline token refresh): an error, so not adult (SPEC §5). */
  unreadable?: boolean;
}

/** Which SPEC §5 rule decided: shown on the Privacy tab. */
export type AgeBasis = 'birthday' | 'accountAge' | 'default' | 'error';

export interface AgeStatus {
  isUserAdult: boolean;
  basis: AgeBasis;
  /** Whole years; null without a (valid) birthday (SPEC §5). */
  userAge: number | null;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A birthday as Google and our claims spell it: "YYYY-MM-DD", or an object {year, month, day}
 * (the People API shape). Returns null for an absent birthday and throws for a present but unusable
 * one, so the caller can tell "unknown" (rules continue) from "error" (SPEC §5: false on error).
 */
export function parseBirthday(value: unknown): CalendarDate | null {
  if (value === undefined || value === null || value === '') return null;
  let date: CalendarDate | undefined;
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (match) date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  } else if (typeof value === 'object') {
    const { year, month, day } = value as Record<string, unknown>;
    if (typeof year === 'number' && typeof month === 'number' && typeof day === 'number') {
      date = { year, month, day };
    }
  }
  if (!date || !isRealDate(date)) throw new Error('Invalid birthday');
  return date;
}

export function utcToday(now: Date): CalendarDate {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/**
 * Whole years between a birthday and today. Someone born on 29 February turns a year older on
 * 1 March in common years (the day after 28 February), as most civil codes count it.
 */
export function ageOn(birthday: CalendarDate, today: CalendarDate): number {
  let age = today.year - birthday.year;
  const beforeBirthday =
    today.month < birthday.month || (today.month === birthday.month && today.day < birthday.day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** True when the account was created at least 18 years before `now` (SPEC §5). */
export function createdAdultYearsAgo(creationTime: string | null | undefined, now: Date): boolean {
  if (!creationTime) return false;
  const created = new Date(creationTime);
  if (Number.isNaN(created.getTime())) return false;
  return ageOn(utcToday(created), utcToday(now)) >= ADULT_AGE;
}

/**
 * SPEC §5: with a birthday, adult means at least 18 today; without one, an account created 18+
 * years ago counts as adult, and otherwise the answer is still true; only an error (a birthday that
 * cannot be read) gives false.
 */
export function ageStatus(facts: AgeFacts, now: Date = new Date()): AgeStatus {
  if (facts.unreadable) return { isUserAdult: false, basis: 'error', userAge: null };
  let birthday: CalendarDate | null;
  try {
    birthday = parseBirthday(facts.birthday);
  } catch {
    return { isUserAdult: false, basis: 'error', userAge: null };
  }
  if (birthday) {
    const userAge = ageOn(birthday, utcToday(now));
    return { isUserAdult: userAge >= ADULT_AGE, basis: 'birthday', userAge };
  }
  // Both remaining rules grant access; which one did is still worth telling the user.
  const basis = createdAdultYearsAgo(facts.creationTime, now) ? 'accountAge' : 'default';
  return { isUserAdult: true, basis, userAge: null };
}

/** SPEC §5 Adult access: false with no user; else the age rule. */
export function canAccessAdultContent(facts: AgeFacts | null, now: Date = new Date()): boolean {
  return facts !== null && ageStatus(facts, now).isUserAdult;
}

/** The birthday of a user: the Google provider entry's, else the token claim (see README). */
export function birthdayOf(
  providerData: readonly { providerId: string; birthday?: unknown }[],
  claims: Record<string, unknown> = {},
): unknown {
  const google = providerData.find((entry) => entry.providerId === 'google.com');
  return google?.birthday ?? claims.birthday;
}
