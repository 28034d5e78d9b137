/**
 * Fresh cases for each conformance run: valid packets of the pack changed by one mutation whose
 * verdict follows from the record. The expected code and place come from the schemas (the shape
 * the keyless codec uses: required members, declared members, types, enums, date-times, and the
 * `x-uai-error-code` annotation that names the code of a failure at or below a place) and from the
 * core's documented rules (expiry, the integrity checksum, the reader's nesting limit, the secret
 * rules' own patterns, the claim lexicon's offerings), planted only in free text. Every
 * mutation re-seals a sha256 checksum the packet had, so only its own rule fails.
 *
 * As a guard, each generated case is run through the reference core when it is made; a case where
 * the core disagrees with the mutation's expectation is dropped and counted, never silently (the
 * report states the count, and a test holds it at 0 over many seeds: a drop is a generator bug).
 */
import { isJsonObject } from './jsonObject.ts';
import { jsonPointer } from './jsonPointer.ts';
import { packetDigest } from './packetDigest.ts';
import { DEFAULT_JSON_LIMITS } from './jsonText.ts';
import { judgeAnswer, type ConformanceCase } from './conformanceProtocol.ts';
import type { ObjectShape, Shape } from './fieldShape.ts';
import type { PacketValidator } from './packetValidator.ts';
import type { Random } from './conformanceSeed.ts';
import { SECRET_RULES } from './secretRules.ts';
import { MEMORY_PROPOSAL_PROFILE } from './policyRules.ts';
import { CLAIM_SUBJECT, UNSUPPORTED_OFFERINGS } from './supportClaims.ts';

/** The mutations, by the name a generated case's source and an expected-failures entry use. */
export const MUTATIONS = [
  'remove-required',
  'add-undeclared',
  'change-type',
  'break-enum',
  'time-not-utc',
  'expire',
  'alter-checksum',
  'nest-too-deep',
  'plant-secret',
  'plant-claim',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** A valid keyed packet of the pack, the material of mutations. */
export interface MutationSource {
  /** The fixture's source, `<group>/valid/<name>`. */
  source: string;
  keyed: Record<string, unknown>;
  profile: string;
}

export interface GeneratedCases {
  cases: ConformanceCase[];
  /** Cases the reference core judged otherwise than their mutation expects: each one a generator bug. */
  dropped: { source: string; expected: { code: string; path: string }; core: string }[];
}

/** Members whose change would change which schema applies or which packet it is: never mutated. */
const FIXED_MEMBERS = new Set(['/profile', '/uai_version']);

/**
 * The names of the members a conditional rule (`if`, `then`, `else`) of the schemas reads or
 * constrains: changing or removing one can break a rule of its own, with its own code (a rejected
 * acknowledgement needs a reason, an authorization blocker needs review), so no mutation touches one.
 */
function conditionedMembers(documents: Iterable<unknown>): Set<string> {
  const names = new Set<string>();
  const collect = (node: unknown, inside: boolean): void => {
    if (Array.isArray(node)) for (const item of node) collect(item, inside);
    else if (isJsonObject(node))
      for (const [key, value] of Object.entries(node)) {
        if (inside && key === 'properties' && isJsonObject(value))
          for (const name of Object.keys(value)) names.add(name);
        if (inside && key === 'required' && Array.isArray(value))
          for (const name of value) if (typeof name === 'string') names.add(name);
        collect(value, inside || key === 'if' || key === 'then' || key === 'else');
      }
  };
  for (const document of documents) collect(document, false);
  return names;
}
const CHECKSUM = /^sha256:[0-9a-f]{64}$/;

interface Place {
  segments: (string | number)[];
  /** Innermost `x-uai-error-code` on the way here (the place's own included). */
  code?: string;
  shape: Shape;
  value: unknown;
}

/** Every declared place of the packet with its shape, in document order. */
function places(value: unknown, shape: Shape, segments: (string | number)[], code: string | undefined, out: Place[]) {
  const here = shape.errorCode ?? code;
  out.push({ segments, code: here, shape, value });
  if (shape.kind === 'object' && isJsonObject(value)) {
    for (const field of shape.fields)
      if (Object.prototype.hasOwnProperty.call(value, field.name))
        places(value[field.name], field.shape, [...segments, field.name], here, out);
  } else if (shape.kind === 'array' && Array.isArray(value)) {
    value.forEach((item, index) => places(item, shape.items, [...segments, index], here, out));
  }
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function parentOf(
  root: Record<string, unknown>,
  segments: readonly (string | number)[],
): Record<string, unknown> | unknown[] {
  let node: unknown = root;
  for (const segment of segments.slice(0, -1)) node = (node as Record<string | number, unknown>)[segment];
  return node as Record<string, unknown> | unknown[];
}

function setAt(root: Record<string, unknown>, segments: readonly (string | number)[], value: unknown): void {
  (parentOf(root, segments) as Record<string | number, unknown>)[segments[segments.length - 1]] = value;
}

/** Seals a packet again after a change: its sha256 checksum, when it had one, becomes its digest. */
export function reseal(packet: Record<string, unknown>): void {
  const integrity = packet.integrity;
  if (isJsonObject(integrity) && typeof integrity.checksum === 'string' && CHECKSUM.test(integrity.checksum))
    integrity.checksum = packetDigest(packet);
}

/**
 * Secrets to plant, each made in the form of one of the core's secret rules and kept only when that
 * rule's own pattern matches it (a rule whose form changes makes no case rather than a wrong one).
 * Pairs, not an object: `"…-api-key": (random) => …` would read, minified into the package, as an
 * API key assignment to the publication gate.
 */
const ALPHANUMERIC = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
const randomText = (random: Random, characters: readonly string[], length: number) =>
  Array.from({ length }, () => random.pick(characters)).join('');
const SECRET_MAKERS: readonly (readonly [ruleId: string, make: (random: Random) => string])[] = [
  ['aws-access-key-id', (random) => `AKIA${randomText(random, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'], 16)}`],
  ['github-token', (random) => `ghp_${randomText(random, ALPHANUMERIC, 36)}`],
  ['gcp-api-key', (random) => `AIza${randomText(random, ALPHANUMERIC, 35)}`],
];

function plantedSecret(random: Random): string | undefined {
  const [id, make] = random.pick(SECRET_MAKERS);
  const rule = SECRET_RULES.find((candidate) => candidate.id === id);
  const secret = make(random);
  return rule?.pattern.test(secret) ? secret : undefined;
}

/** A sentence that credits UAIX with an offering the record says it does not provide (the claim lexicon's). */
function plantedClaim(random: Random): string {
  return `${CLAIM_SUBJECT.toUpperCase()} provides ${random.pick(UNSUPPORTED_OFFERINGS).offering} for this exchange.`;
}

const pointer = (segments: readonly (string | number)[]) => jsonPointer(segments);
const typesOf = (shape: Shape) => [shape.constraints.type ?? []].flat();

/** A mutated packet as bytes, with what it must fail with; undefined when the packet has no place for it. */
type Made = { bytes: Uint8Array; code: string; path: string } | undefined;

const encoder = new TextEncoder();
const bytesOf = (packet: unknown) => encoder.encode(`${JSON.stringify(packet, null, 2)}\n`);

interface MutationContext {
  random: Random;
  evaluatedAt: string;
  maxDepth: number;
  conditioned: ReadonlySet<string>;
}

/** What a mutation reads: the packet (a copy, changed in place), its places, and how to seal it. */
interface MutationRun {
  mutation: Mutation;
  from: MutationSource;
  packet: Record<string, unknown>;
  all: Place[];
  random: Random;
  evaluatedAt: string;
  maxDepth: number;
  /** A place the mutation may change: not the envelope's fixed members, not under a conditioned member. */
  isMutable: (place: Place) => boolean;
  /** The packet's bytes once resealed, with the code and path it must fail with. */
  sealed: (code: string, path: string) => Made;
  /** Free text: a string the schema constrains by nothing but its length, which can hold `text`. */
  freeText: (text: string) => Place[];
}

/** A planted secret or claim in free text. */
function plantText({ mutation, from, packet, random, sealed, freeText }: MutationRun): Made {
  const secret = mutation === 'plant-secret' ? plantedSecret(random) : undefined;
  const text = mutation === 'plant-claim' ? plantedClaim(random) : secret && `Use ${secret} for this step.`;
  const places = text === undefined ? [] : freeText(text);
  if (!places.length || text === undefined) return undefined;
  const place = random.pick(places);
  setAt(packet, place.segments, text);
  const code =
    mutation === 'plant-claim'
      ? 'UAI-UNSUPPORTED-CLAIM'
      : from.profile === MEMORY_PROPOSAL_PROFILE
        ? 'UAI-MEMORY-SECRET'
        : 'UAI-SECRET-PRESENT';
  return sealed(code, pointer(place.segments));
}

/** A member its object requires, removed. */
function removeRequired({ packet, all, random, isMutable, sealed }: MutationRun): Made {
  const candidates = all.filter(
    (place) =>
      isMutable(place) &&
      !(place.segments.length >= 2 && typeof place.segments.at(-1) === 'number') &&
      requiredHere(all, place),
  );
  if (!candidates.length) return undefined;
  const place = random.pick(candidates);
  delete (parentOf(packet, place.segments) as Record<string, unknown>)[place.segments.at(-1) as string];
  return sealed(place.code ?? 'UAI-SCHEMA-MISSING', pointer(place.segments));
}

/** A member no schema declares, added to an object. */
function addUndeclared({ packet, all, random, sealed }: MutationRun): Made {
  const objects = all.filter((place) => place.shape.kind === 'object' && isJsonObject(place.value));
  const place = random.pick(objects);
  const name = `x_undeclared_${random.hex(6)}`;
  const target = place.segments.length
    ? (parentOf(packet, [...place.segments, name]) as Record<string, unknown>)
    : packet;
  target[name] = 'an undeclared member';
  return sealed('UAI-SCHEMA-UNDECLARED', pointer([...place.segments, name]));
}

/** A scalar of another type. */
function changeType({ packet, all, random, isMutable, sealed }: MutationRun): Made {
  // A date-time has its own rule (UAI-TIME-NOT-UTC), which a value of another type breaks as well.
  const scalars = all.filter(
    (place) =>
      isMutable(place) &&
      place.shape.kind === 'scalar' &&
      typesOf(place.shape).length === 1 &&
      place.shape.constraints.format !== 'date-time',
  );
  if (!scalars.length) return undefined;
  const place = random.pick(scalars);
  const [type] = typesOf(place.shape);
  setAt(packet, place.segments, type === 'string' ? random.below(1000) + 1 : `not a ${type}`);
  return sealed(place.code ?? 'UAI-SCHEMA-INVALID', pointer(place.segments));
}

/** A value outside its enumeration. */
function breakEnum({ packet, all, random, isMutable, sealed }: MutationRun): Made {
  const enums = all.filter(
    (place) => isMutable(place) && place.shape.constraints.enum?.every((member) => typeof member === 'string'),
  );
  if (!enums.length) return undefined;
  const place = random.pick(enums);
  setAt(packet, place.segments, `not-a-member-${random.hex(6)}`);
  return sealed(place.code ?? 'UAI-SCHEMA-INVALID', pointer(place.segments));
}

/** A UTC time rewritten with an offset. */
function timeNotUtc({ packet, all, random, isMutable, sealed }: MutationRun): Made {
  const times = all.filter(
    (place) =>
      isMutable(place) &&
      place.shape.constraints.format === 'date-time' &&
      typeof place.value === 'string' &&
      place.value.endsWith('Z'),
  );
  if (!times.length) return undefined;
  const place = random.pick(times);
  const hours = String(random.below(12) + 1).padStart(2, '0');
  setAt(packet, place.segments, `${(place.value as string).slice(0, -1)}+${hours}:00`);
  return sealed('UAI-TIME-NOT-UTC', pointer(place.segments));
}

/** An expiry before the run's time of validation. */
function expire({ packet, random, evaluatedAt, sealed }: MutationRun): Made {
  const delivery = packet.delivery;
  if (!isJsonObject(delivery)) return undefined;
  // A time before the run's time of validation, and after the packet was issued.
  const issued = Date.parse(String((packet.provenance as Record<string, unknown> | undefined)?.issued_at ?? ''));
  const now = Date.parse(evaluatedAt);
  const earliest = Number.isFinite(issued) && issued < now ? issued : now - 86_400_000;
  const at = earliest + 1000 + Math.floor(random.next() * (now - earliest - 2000));
  delivery.expires_at = `${new Date(Math.floor(at / 1000) * 1000).toISOString().slice(0, 19)}Z`;
  return sealed('UAI-EXPIRED', '/delivery/expires_at');
}

/** A checksum that states another digest. */
function alterChecksum({ packet, random }: MutationRun): Made {
  const integrity = packet.integrity;
  if (!isJsonObject(integrity) || typeof integrity.checksum !== 'string' || !CHECKSUM.test(integrity.checksum))
    return undefined;
  const digits = integrity.checksum.slice(7);
  let altered = digits;
  while (altered === digits) altered = random.hex(64);
  integrity.checksum = `sha256:${altered}`;
  return { bytes: bytesOf(packet), code: 'UAI-INTEGRITY-MISMATCH', path: '/integrity/checksum' };
}

/** Nesting one level past the reader's limit. */
function nestTooDeep({ packet, random, maxDepth }: MutationRun): Made {
  // One level past the reader's limit, under a member of the packet: the reader refuses the text.
  const holder = `x_nest_${random.hex(6)}`;
  const text = JSON.stringify({ ...packet, [holder]: 0 });
  const depth = maxDepth + 1 + random.below(8);
  const nested = text.replace(`"${holder}":0`, `"${holder}":${'['.repeat(depth)}${']'.repeat(depth)}`);
  // The reader names the first container past the limit: the packet is depth 1, the holder's array 2.
  return { bytes: encoder.encode(nested), code: 'UAI-JSON-PARSE', path: `/${holder}${'/0'.repeat(maxDepth - 1)}` };
}

const MAKERS: Record<Mutation, (run: MutationRun) => Made> = {
  'plant-secret': plantText,
  'plant-claim': plantText,
  'remove-required': removeRequired,
  'add-undeclared': addUndeclared,
  'change-type': changeType,
  'break-enum': breakEnum,
  'time-not-utc': timeNotUtc,
  expire: expire,
  'alter-checksum': alterChecksum,
  'nest-too-deep': nestTooDeep,
};

/** One mutation of a valid packet: its bytes and what they must fail with, or undefined where it has no place. */
function mutate(mutation: Mutation, from: MutationSource, shape: ObjectShape, context: MutationContext): Made {
  const { conditioned } = context;
  const isMutable = (place: Place) =>
    place.segments.length > 0 &&
    !FIXED_MEMBERS.has(pointer(place.segments)) &&
    !place.segments.some((segment) => typeof segment === 'string' && conditioned.has(segment));
  const packet = clone(from.keyed);
  const all: Place[] = [];
  places(packet, shape, [], undefined, all);
  const sealed = (code: string, path: string): Made => {
    reseal(packet);
    return { bytes: bytesOf(packet), code, path };
  };
  const freeText = (text: string) =>
    all.filter((place) => {
      const { constraints } = place.shape;
      return (
        isMutable(place) &&
        place.shape.kind === 'scalar' &&
        typesOf(place.shape).join() === 'string' &&
        typeof place.value === 'string' &&
        !constraints.pattern &&
        !constraints.format &&
        !constraints.enum &&
        constraints.const === undefined &&
        (constraints.maxLength ?? Infinity) >= text.length
      );
    });
  return MAKERS[mutation]({ ...context, mutation, from, packet, all, isMutable, sealed, freeText });
}

/** Whether the place is a member its object requires without a condition. */
function requiredHere(all: readonly Place[], place: Place): boolean {
  const parentSegments = place.segments.slice(0, -1);
  const parent = all.find(
    (candidate) =>
      candidate.segments.length === parentSegments.length &&
      candidate.segments.every((segment, index) => segment === parentSegments[index]),
  );
  if (!parent || parent.shape.kind !== 'object') return false;
  const field = parent.shape.fields.find((candidate) => candidate.name === place.segments.at(-1));
  return Boolean(field?.required && !field.requiredWhen.length);
}

export interface GenerateOptions {
  count: number;
  random: Random;
  evaluatedAt: string;
  validator: PacketValidator;
  requirementsOf(expected: { code: string; path: string }): string[];
}

/** `count` generated cases (fewer only when the sources give no place for a mutation), and those dropped. */
export function generateCases(sources: readonly MutationSource[], options: GenerateOptions): GeneratedCases {
  const { count, random, evaluatedAt, validator } = options;
  // The core's reader limit as the validator is built by default (the harness does not change it).
  const { maxDepth } = DEFAULT_JSON_LIMITS;
  const context = {
    random,
    evaluatedAt,
    maxDepth,
    conditioned: conditionedMembers(validator.registry.documents.values()),
  };
  const result: GeneratedCases = { cases: [], dropped: [] };
  if (!sources.length) return result;
  for (let attempt = 0; result.cases.length + result.dropped.length < count && attempt < count * 4; attempt++) {
    const mutation = random.pick(MUTATIONS);
    const from = random.pick(sources);
    const made = mutate(mutation, from, validator.shapeOf(from.profile), context);
    if (!made) continue;
    const expected = { code: made.code, path: made.path };
    const testCase: ConformanceCase = {
      source: `generated/${mutation}/${from.source}`,
      mutation,
      kind: 'packet',
      form: 'keyed',
      verdict: 'invalid',
      bytes: made.bytes,
      expected,
      digest: null,
      requirements: options.requirementsOf(expected),
    };
    const report = validator.validateBytes(made.bytes, { now: evaluatedAt });
    const judged = judgeAnswer(testCase, {
      verdict: report.valid ? 'valid' : 'invalid',
      errors: report.errors.map(({ code, path }) => ({ code, path })),
      digest: report.digest ?? null,
    });
    if (judged.pass) result.cases.push(testCase);
    else
      result.dropped.push({
        source: testCase.source,
        expected,
        core:
          report.errors
            .map((error) => `${error.code} at ${error.path || '(root)'}`)
            .slice(0, 5)
            .join(', ') || 'valid',
      });
  }
  return result;
}
