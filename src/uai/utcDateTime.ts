/**
 * The one reader of UAI-1 date-times: RFC 3339 in UTC, ending in Z. Every caller (the schemas'
 * pattern, the expiry rule, `uaix validate --now`, the browser validator) uses this module.
 *
 * `Date.parse` is not used: it cannot read a leap second (`…T23:59:60Z`), rounds fractions to
 * milliseconds, and silently rolls impossible dates over (`2026-02-30` becomes March 2). Here the
 * calendar is checked field by field and instants compare exactly, fractions included.
 */

/** The schema pattern of a UTC date-time (`envelope.schema.json#/$defs/utcDateTime`). */
export const UTC_DATE_TIME_PATTERN_SOURCE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$';

// Every quantifier is bounded or separated by literals, so it is linear. Past the syntax, every
// field is at a fixed place (YYYY-MM-DDThh:mm:ss, then the fraction up to the final Z).
const UTC_DATE_TIME_SYNTAX = new RegExp(UTC_DATE_TIME_PATTERN_SOURCE);

/** One instant, comparable exactly with `compareUtcDateTimes`. */
export interface UtcDateTime {
  /** Seconds since 1970-01-01T00:00:00Z of the whole second; a leap second counts as the :59 before it. */
  epochSecond: number;
  /** True for `23:59:60`, which falls after every `23:59:59.x` and before the next day's `00:00:00`. */
  leapSecond: boolean;
  /** Decimal digits of the fraction without trailing zeros ("" for none), compared digit by digit. */
  fraction: string;
}

export type UtcDateTimeResult = { ok: true; value: UtcDateTime } | { ok: false; reason: string };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * Reads an RFC 3339 UTC date-time. Refuses what the calendar does not have (month 13, February 30,
 * hour 24, minute 60) and any second 60 other than the leap second `23:59:60`. Never throws.
 */
export function parseUtcDateTime(text: string): UtcDateTimeResult {
  if (!UTC_DATE_TIME_SYNTAX.test(text))
    return { ok: false, reason: 'it is not an RFC 3339 date-time in UTC (YYYY-MM-DDThh:mm:ss[.fraction]Z)' };
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (month < 1 || month > 12) return { ok: false, reason: `month ${text.slice(5, 7)} does not exist` };
  if (day < 1 || day > daysInMonth(year, month)) {
    return {
      ok: false,
      reason: `day ${text.slice(8, 10)} does not exist: ${MONTH_NAMES[month - 1]} ${text.slice(0, 4)} has ${daysInMonth(year, month)} days`,
    };
  }
  if (hour > 23) return { ok: false, reason: `hour ${text.slice(11, 13)} does not exist (00 to 23)` };
  if (minute > 59) return { ok: false, reason: `minute ${text.slice(14, 16)} does not exist (00 to 59)` };
  const leapSecond = second === 60;
  if (second > 60 || (leapSecond && (hour !== 23 || minute !== 59))) {
    return {
      ok: false,
      reason: `second ${text.slice(17, 19)} does not exist (00 to 59; 60 only as the leap second 23:59:60)`,
    };
  }
  const epochSecond =
    daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + (leapSecond ? 59 : second);
  // After the seconds comes either the final Z or ".digits" and then Z.
  const fraction = text.length > 20 ? trimTrailingZeros(text.slice(20, -1)) : '';
  return { ok: true, value: { epochSecond, leapSecond, fraction } };
}

/** The number written by `count` ASCII digits from `start` (the syntax has checked they are digits). */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  return digits.slice(0, end);
}

/** Negative when `a` is earlier than `b`, 0 when they are the same instant, positive when later. */
export function compareUtcDateTimes(a: UtcDateTime, b: UtcDateTime): number {
  if (a.epochSecond !== b.epochSecond) return a.epochSecond < b.epochSecond ? -1 : 1;
  if (a.leapSecond !== b.leapSecond) return a.leapSecond ? 1 : -1;
  // Without trailing zeros, decimal fractions order as their digit strings do ("05" < "5" < "51").
  return a.fraction === b.fraction ? 0 : a.fraction < b.fraction ? -1 : 1;
}

/** The instant of a JavaScript Date (millisecond precision). */
export function utcDateTimeOfDate(date: Date): UtcDateTime {
  const milliseconds = date.getTime();
  const epochSecond = Math.floor(milliseconds / 1000);
  const fraction = trimTrailingZeros(String(milliseconds - epochSecond * 1000).padStart(3, '0'));
  return { epochSecond, leapSecond: false, fraction };
}

/** RFC 3339 UTC text of an instant, without a fraction when it has none (`2026-06-01T00:00:00Z`). */
export function formatUtcDateTime(instant: UtcDateTime): string {
  const whole = new Date(instant.epochSecond * 1000).toISOString().slice(0, 19);
  const text = instant.leapSecond ? `${whole.slice(0, 17)}60` : whole;
  return `${text}${instant.fraction ? `.${instant.fraction}` : ''}Z`;
}
