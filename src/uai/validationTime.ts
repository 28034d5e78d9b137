/**
 * Reads the optional validation time (`uaix validate --now`, the browser validator's clock field):
 * an RFC 3339 date-time in UTC, ending in Z. One reader for both, so they accept the same values.
 */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export type ValidationTimeResult = { ok: true; value: Date } | { ok: false; reason: string };

export function parseValidationTime(text: string): ValidationTimeResult {
  if (!UTC_DATE_TIME.test(text)) return { ok: false, reason: 'it is not an RFC 3339 date-time in UTC (YYYY-MM-DDThh:mm:ss[.fraction]Z)' };
  const time = Date.parse(text);
  if (Number.isNaN(time)) return { ok: false, reason: 'that date or time does not exist' };
  return { ok: true, value: new Date(time) };
}
