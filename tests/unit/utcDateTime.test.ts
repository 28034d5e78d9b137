/**
 * The shared UTC date-time reader: calendar checks, the leap second, exact fractions, and the
 * schema pattern being this module's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  parseUtcDateTime,
  compareUtcDateTimes,
  utcDateTimeOfDate,
  formatUtcDateTime,
  UTC_DATE_TIME_PATTERN_SOURCE,
  type UtcDateTime,
} from '../../src/uai/utcDateTime.ts';

function instant(text: string): UtcDateTime {
  const result = parseUtcDateTime(text);
  assert.ok(result.ok, `${text}: ${result.ok ? '' : result.reason}`);
  return result.value;
}

test('the envelope schema states the date-time pattern of this module', () => {
  const envelope = JSON.parse(
    readFileSync(new URL('../../schemas/uai-1/envelope.schema.json', import.meta.url), 'utf8'),
  );
  assert.equal(envelope.$defs.utcDateTime.pattern, UTC_DATE_TIME_PATTERN_SOURCE);
});

const CALENDAR_IMPOSSIBLE = [
  '2026-02-29T00:00:00Z',
  '2100-02-29T00:00:00Z',
  '2026-02-30T12:00:00Z',
  '2026-04-31T12:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-06-00T00:00:00Z',
  '2026-06-01T24:00:00Z',
  '2026-06-01T12:60:00Z',
  '2026-06-01T12:00:61Z',
  '2026-06-01T12:00:60Z',
  '2026-06-30T23:58:60Z',
];

test('calendar-impossible date-times are refused with the reason', () => {
  for (const text of CALENDAR_IMPOSSIBLE) {
    const result = parseUtcDateTime(text);
    assert.equal(result.ok, false, text);
    if (!result.ok) assert.match(result.reason, /does not exist/, text);
  }
  assert.match((parseUtcDateTime('2026-02-29T00:00:00Z') as { reason: string }).reason, /February 2026 has 28 days/);
});

test('text that is not a UTC date-time is refused', () => {
  for (const text of [
    '',
    '2026-06-01',
    '2026-06-01T00:00:00',
    '2026-06-01T00:00:00+00:00',
    '2026-06-01t00:00:00z',
    '2026-06-01 00:00:00Z',
    '2026-06-01T00:00:00.Z',
    '+2026-06-01T00:00:00Z',
    '2026-06-01T00:00:00Z\n',
  ]) {
    assert.equal(parseUtcDateTime(text).ok, false, JSON.stringify(text));
  }
});

test('leap days and the leap second are accepted', () => {
  for (const text of [
    '2024-02-29T00:00:00Z',
    '2000-02-29T23:59:59Z',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.999Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999999Z',
  ])
    instant(text);
});

test('instants agree with Date on ordinary times', () => {
  for (const text of [
    '1970-01-01T00:00:00Z',
    '1969-12-31T23:59:59.5Z',
    '2026-05-31T18:01:00Z',
    '2024-02-29T12:34:56.789Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
  ]) {
    assert.equal(compareUtcDateTimes(instant(text), utcDateTimeOfDate(new Date(text))), 0, text);
  }
});

test('the leap second falls after every 23:59:59.x and before the next midnight', () => {
  const ordered = [
    '2016-12-31T23:59:59Z',
    '2016-12-31T23:59:59.999999999Z',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2017-01-01T00:00:00Z',
  ];
  for (let index = 1; index < ordered.length; index++) {
    assert.ok(
      compareUtcDateTimes(instant(ordered[index - 1]), instant(ordered[index])) < 0,
      `${ordered[index - 1]} < ${ordered[index]}`,
    );
    assert.ok(compareUtcDateTimes(instant(ordered[index]), instant(ordered[index - 1])) > 0);
  }
});

test('fractions compare exactly, never rounded past a boundary', () => {
  // Date.parse rounds both to .999, or the first one up to the next second.
  assert.ok(compareUtcDateTimes(instant('2026-06-01T00:00:00.9999Z'), instant('2026-06-01T00:00:00.999Z')) > 0);
  assert.ok(compareUtcDateTimes(instant('2026-06-01T00:00:00.99999999Z'), instant('2026-06-01T00:00:01Z')) < 0);
  assert.ok(compareUtcDateTimes(instant('2026-06-01T00:00:00.05Z'), instant('2026-06-01T00:00:00.5Z')) < 0);
  assert.equal(compareUtcDateTimes(instant('2026-06-01T00:00:00.500Z'), instant('2026-06-01T00:00:00.5Z')), 0);
  assert.equal(compareUtcDateTimes(instant('2026-06-01T00:00:00.000Z'), instant('2026-06-01T00:00:00Z')), 0);
  assert.ok(
    compareUtcDateTimes(utcDateTimeOfDate(new Date('2026-06-01T00:00:00.001Z')), instant('2026-06-01T00:00:00.0009Z')) >
      0,
  );
});

test('formatting gives the text back without trailing zeros', () => {
  for (const [text, formatted] of [
    ['2016-12-31T23:59:60.500Z', '2016-12-31T23:59:60.5Z'],
    ['2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00Z'],
    ['2026-06-01T00:00:00.123456789Z', '2026-06-01T00:00:00.123456789Z'],
  ])
    assert.equal(formatUtcDateTime(instant(text)), formatted);
});
