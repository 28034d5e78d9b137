/**
 * The clock a validation runs against (`ValidateOptions.now`), read the way a caller naturally
 * writes it: a Date, a UtcDateTime, an RFC 3339 UTC date-time (read by the one reader of the core,
 * so every `--now` the CLI accepts, leap second and nanoseconds included) or epoch milliseconds.
 * Anything else is not a time: the expiry rule cannot run, and the validator fails closed on it
 * (UAI-CLOCK-INVALID) rather than reading it as "now" or as no expiry at all.
 */
import { parseUtcDateTime, utcDateTimeOfDate, type UtcDateTime } from './utcDateTime.ts';

/** What `now` may be. */
export type ValidationClock = Date | UtcDateTime | string | number;

export type ClockResult = { ok: true; value: UtcDateTime } | { ok: false; reason: string };

/** The largest time a Date holds, in milliseconds either side of the epoch (ECMA-262 §21.4.1.1). */
const DATE_RANGE_MILLISECONDS = 8.64e15;

function isUtcDateTime(value: object): value is UtcDateTime {
  const { epochSecond, leapSecond, fraction } = value as Partial<UtcDateTime>;
  return (
    Number.isSafeInteger(epochSecond) &&
    typeof leapSecond === 'boolean' &&
    typeof fraction === 'string' &&
    /^(\d*[1-9])?$/.test(fraction)
  );
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The instant of `now`; the current time when it is undefined. Never throws. */
export function readClock(now: unknown, current: () => Date = () => new Date()): ClockResult {
  if (now === undefined) return { ok: true, value: utcDateTimeOfDate(current()) };
  if (typeof now === 'string') {
    const parsed = parseUtcDateTime(now);
    return parsed.ok ? parsed : { ok: false, reason: `the date-time ${shown(now)} cannot be read: ${parsed.reason}` };
  }
  if (typeof now === 'number') {
    if (Number.isInteger(now) && Math.abs(now) <= DATE_RANGE_MILLISECONDS)
      return { ok: true, value: utcDateTimeOfDate(new Date(now)) };
    return { ok: false, reason: `${shown(now)} is not a whole number of epoch milliseconds within a Date's range` };
  }
  if (now instanceof Date) {
    return Number.isNaN(now.getTime())
      ? { ok: false, reason: 'the Date is invalid (its time is NaN)' }
      : { ok: true, value: utcDateTimeOfDate(now) };
  }
  if (now !== null && typeof now === 'object' && isUtcDateTime(now)) return { ok: true, value: now };
  return {
    ok: false,
    reason: `${now === null ? 'null' : typeof now === 'object' ? 'this object' : `a ${typeof now}`} is not a time`,
  };
}
