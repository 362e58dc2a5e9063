/**
 * Calendar dates as `YYYY-MM-DD` strings, all in UTC, and the date a build
 * is "as of". Comparing such strings compares the dates.
 */

/**
 * The date a model is computed for ("review due", "in the future").
 *
 * `today` when given; else `SOURCE_DATE_EPOCH` (seconds since 1970, the
 * reproducible-builds convention) as a UTC date; else today's UTC date.
 * Setting either keeps builds deterministic: the same files give the same
 * model on any day.
 * @param options `today` as `YYYY-MM-DD` or a Date; `env` defaults to `process.env`.
 * @returns the date, `YYYY-MM-DD`.
 * @throws TypeError when `today` or `SOURCE_DATE_EPOCH` is malformed: a build must not silently pick another date.
 */
export function resolveAsOf(options: { today?: string | Date | undefined; env?: Record<string, string | undefined> } = {}): string {
  const { today, env = process.env } = options;
  if (today instanceof Date) {
    if (Number.isNaN(today.getTime())) throw new TypeError('Research Pack: `today` is an invalid Date');
    return toDateString(today);
  }
  if (today !== undefined) {
    if (!isDateString(today)) throw new TypeError(`Research Pack: \`today\` must be a date written as YYYY-MM-DD, got ${JSON.stringify(today)}`);
    return today;
  }
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    const moment = new Date(Number(epoch) * 1000);
    if (!/^\d{1,15}$/.test(epoch) || Number.isNaN(moment.getTime())) {
      throw new TypeError(`Research Pack: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got ${JSON.stringify(epoch)}`);
    }
    // Dates are four-digit years, compared as strings: a later moment has no YYYY-MM-DD.
    if (Number(epoch) > LAST_EPOCH) {
      throw new TypeError(`Research Pack: SOURCE_DATE_EPOCH must be at most ${LAST_EPOCH} (the last second of ${LAST_DATE}), got ${JSON.stringify(epoch)}`);
    }
    return toDateString(moment);
  }
  return toDateString(new Date());
}

/**
 * The UTC calendar date of a moment.
 * @param date a Date.
 * @returns `YYYY-MM-DD`.
 */
export function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a string is a real `YYYY-MM-DD` date.
 * @param value the string.
 * @returns true for `2024-02-29`, false for `2023-02-29` or `2024-2-1`.
 */
export function isDateString(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The days of a month of the (proleptic) Gregorian calendar, as `Date` counts them. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Move a date by whole days, within years 0000 to 9999.
 * @param date `YYYY-MM-DD`.
 * @param days days to add (negative to go back).
 * @returns `YYYY-MM-DD`; `9999-12-31` or `0000-01-01` when the move would leave four-digit years.
 */
export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  // Kept within four-digit years, where comparing the strings compares the dates:
  // the day after 9999-12-31 would be "+010000-01-01", which sorts before "2026".
  if (moment.getTime() > LAST_MOMENT) return LAST_DATE;
  if (moment.getTime() < FIRST_MOMENT) return FIRST_DATE;
  return toDateString(moment);
}

/** The first and last dates written as YYYY-MM-DD. */
const FIRST_DATE = '0000-01-01';
const LAST_DATE = '9999-12-31';
const FIRST_MOMENT = Date.parse(`${FIRST_DATE}T00:00:00Z`);
const LAST_MOMENT = Date.parse(`${LAST_DATE}T00:00:00Z`);
/** The last second of 9999-12-31, in seconds since 1970. */
const LAST_EPOCH = 253_402_300_799;
