/**
 * Every exported function of the package entries (`src/uai/index.ts`, `src/uai/node/index.ts`) that
 * reads a value handed in returns, or throws only the error its documentation names, on any input
 * however deep or wide: never a RangeError from the stack, never a TypeError. Deep and wide values
 * (arrays, objects, both mixed; at the top, inside a valid packet's body and extensions, beside a
 * wide sibling) are generated with fast-check, as values and as JSON text written without
 * `JSON.stringify` (which itself overflows on them), for validators with the default limits and
 * with the nesting limit raised as far as a caller may raise it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  canonicalize,
  canonicalBytes,
  CanonicalizationError,
  createRouteRecordChecker,
  createValidator,
  packetDigest,
  readJsonText,
  decodeJsonBytes,
  resolveRoute,
  UnknownClientKindError,
} from '../../src/uai/index.ts';
import { validateFile, checkRouteFile, UnreadableInput } from '../../src/uai/node/index.ts';
import { loadFixtureTree, loadRouteFixtureTree } from '../../src/uai/node/recordFiles.ts';

const SEED = 4_2026;
const RUNS = 60;

/** A value nested `depth` levels: arrays, objects or both in turn, each level `width` wide. */
type Nesting = 'array' | 'object' | 'mixed';
function nested(depth: number, nesting: Nesting, width: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) {
    const asArray = nesting === 'array' || (nesting === 'mixed' && level % 2 === 0);
    const siblings = Array.from({ length: width - 1 }, (_, index) => index);
    value = asArray ? [value, ...siblings] : Object.fromEntries([['a', value], ...siblings.map((i) => [`s${i}`, i])]);
  }
  return value;
}
/** The JSON text of `nested(…)`, written iteratively (JSON.stringify recurses). */
function nestedText(depth: number, nesting: Nesting, width: number): string {
  const opening: string[] = [];
  const closing: string[] = [];
  for (let level = depth - 1; level >= 0; level--) {
    const asArray = nesting === 'array' || (nesting === 'mixed' && level % 2 === 0);
    const siblings = Array.from({ length: width - 1 }, (_, index) => (asArray ? `,${index}` : `,"s${index}":${index}`));
    opening.push(asArray ? '[' : '{"a":');
    closing.push(`${siblings.join('')}${asArray ? ']' : '}'}`);
  }
  return `${opening.join('')}"leaf"${closing.reverse().join('')}`;
}

const validPacket = loadFixtureTree().fixtures.find(
  (fixture) => fixture.verdict === 'valid' && fixture.group !== 'envelope',
)!;
const validRoute = loadRouteFixtureTree().fixtures.find((fixture) => fixture.verdict === 'valid')!;
const packetValue = () => JSON.parse(new TextDecoder().decode(validPacket.bytes)) as Record<string, unknown>;
const routeValue = () => JSON.parse(new TextDecoder().decode(validRoute.bytes)) as Record<string, unknown>;

/** Where the deep value goes: the whole input, or a member of a valid packet or route record. */
type Place = 'root' | 'body' | 'extensions' | 'route';
function placed(deep: unknown, place: Place): unknown {
  if (place === 'root') return deep;
  if (place === 'route') return { ...routeValue(), deep };
  const packet = packetValue();
  if (place === 'body') packet.body = { ...(packet.body as object), deep };
  else packet.extensions = { deep };
  return packet;
}

const input = fc.record({
  depth: fc.oneof(
    fc.integer({ min: 1, max: 80 }),
    fc.integer({ min: 60, max: 3_000 }),
    fc.constantFrom(10_000, 100_000),
  ),
  nesting: fc.constantFrom<Nesting>('array', 'object', 'mixed'),
  width: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 4 })),
  place: fc.constantFrom<Place>('root', 'body', 'extensions', 'route'),
});

/** Runs `call`: it returns, or throws an instance of `documented` (when the function documents one). */
function returnsOrThrows(name: string, call: () => unknown, documented?: new (...args: never[]) => Error): void {
  try {
    call();
  } catch (error) {
    if (documented && error instanceof documented) return;
    assert.fail(
      `${name} threw ${(error as Error)?.constructor?.name}: ${String((error as Error)?.message).slice(0, 200)}`,
    );
  }
}

const validators = [
  createValidator(),
  createValidator({ limits: { maxDepth: 1_000_000, maxBytes: 64 * 1024 * 1024 } }),
];
const routeCheckers = [
  createRouteRecordChecker(),
  createRouteRecordChecker({ limits: { maxDepth: 1_000_000, maxBytes: 64 * 1024 * 1024 } }),
];
const encoder = new TextEncoder();

test('values however deep or wide: canonicalize, canonicalBytes, packetDigest, the validator, the codec and the route checker return or throw their documented error', () => {
  fc.assert(
    fc.property(input, ({ depth, nesting, width, place }) => {
      const value = placed(nested(depth, nesting, width), place);
      returnsOrThrows('canonicalize', () => canonicalize(value), CanonicalizationError);
      returnsOrThrows('canonicalBytes', () => canonicalBytes(value), CanonicalizationError);
      returnsOrThrows('packetDigest', () => packetDigest(value as Record<string, unknown>), CanonicalizationError);
      for (const validator of validators) {
        returnsOrThrows('validateValue', () => validator.validateValue(value));
        returnsOrThrows('compact', () => validator.compact(value));
        returnsOrThrows('expand', () => validator.expand(value));
        returnsOrThrows('digest', () => validator.digest(value));
        const keyless = validator.compact(value);
        if (keyless.ok) {
          returnsOrThrows('expand of compact', () => validator.expand(keyless.value));
          returnsOrThrows('validateValue of compact', () => validator.validateValue(keyless.value));
        }
      }
      for (const checker of routeCheckers) returnsOrThrows('checkValue', () => checker.checkValue(value));
      returnsOrThrows('resolveRoute', () => resolveRoute(value as never, 'url-only-chatbot'), UnknownClientKindError);
    }),
    { seed: SEED, numRuns: RUNS, includeErrorInReport: true },
  );
});

test('JSON text however deep or wide: the readers, validateText/validateBytes and checkText/checkBytes return', () => {
  fc.assert(
    fc.property(input, ({ depth, nesting, width }) => {
      const text = nestedText(depth, nesting, width);
      const bytes = encoder.encode(text);
      returnsOrThrows('readJsonText', () => readJsonText(text, { maxDepth: 1_000_000 }));
      returnsOrThrows('decodeJsonBytes', () => decodeJsonBytes(bytes, { maxDepth: 1_000_000 }));
      for (const validator of validators) {
        returnsOrThrows('validateText', () => validator.validateText(text));
        returnsOrThrows('validateBytes', () => validator.validateBytes(bytes));
      }
      for (const checker of routeCheckers) {
        returnsOrThrows('checkText', () => checker.checkText(text));
        returnsOrThrows('checkBytes', () => checker.checkBytes(bytes));
      }
    }),
    { seed: SEED, numRuns: RUNS, includeErrorInReport: true },
  );
});

test('files however deep: validateFile and checkRouteFile return or throw UnreadableInput', () => {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-deep-'));
  try {
    fc.assert(
      fc.property(input, ({ depth, nesting, width }) => {
        const file = join(folder, 'deep.json');
        writeFileSync(file, nestedText(depth, nesting, width));
        returnsOrThrows('validateFile', () => validateFile(file), UnreadableInput);
        returnsOrThrows('checkRouteFile', () => checkRouteFile(file), UnreadableInput);
      }),
      { seed: SEED, numRuns: 20, includeErrorInReport: true },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
