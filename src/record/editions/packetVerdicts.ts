/**
 * Packets judged by two editions' schemas and core rules: the previous edition's fixtures, valid
 * packets generated from its valid fixtures (one member changed or removed, kept only when the
 * previous schemas still accept it) and invalid packets made by the conformance generator's
 * mutations. A packet the previous edition accepts and the next refuses is a tightening; the
 * reverse, a loosening. Deterministic: one fixed seed; linear in the packets judged.
 */
import { createPacketValidator, type PacketValidator } from '../../uai/packetValidator.ts';
import { createRouteChecker, type RouteChecker } from '../../uai/routeRecord.ts';
import { compileSchemas } from '../../uai/schemaCompiler.ts';
import { ROUTE_RECORD_SCHEMA_ID } from '../../uai/routeVocabulary.ts';
import type { SchemaDocument } from '../../uai/schemaRegistry.ts';
import { generateCases, reseal, type MutationSource } from '../../uai/conformanceMutations.ts';
import { seededRandom, shuffled, type Random } from '../../uai/conformanceSeed.ts';
import { isJsonObject } from '../../uai/jsonObject.ts';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import type { Sha256 } from '../../uai/sha256.ts';
import type { UaiIssue } from '../../uai/errorCodes.ts';

/** The seed of every comparison: the same editions give the same generated packets. */
export const VERDICT_SEED = 0x5eed_0039;

/** One packet or route record of the previous edition, with the verdict it had there. */
export interface JudgedPacket {
  kind: 'packet' | 'route-record';
  verdict: 'valid' | 'invalid';
  /** Where it comes from: a fixture's path in the edition, or `generated/…`. */
  source: string;
  bytes: Uint8Array;
}

/** A packet whose verdict differs between the editions. */
export interface VerdictChange {
  direction: 'tightened' | 'loosened';
  /** The profile (or `route-record`) and the JSON Pointer of the first error that differs. */
  schema: string;
  path: string;
  code: string;
  source: string;
}

/** What one edition's schemas and core rules say of packets and route records. */
interface Judge {
  packets: PacketValidator;
  routes: RouteChecker | undefined;
}

function judgeOf(documents: readonly SchemaDocument[], sha256?: Sha256): Judge {
  const packets = createPacketValidator(documents, { compile: compileSchemas, sha256 });
  const routes = documents.some((document) => document.$id === ROUTE_RECORD_SCHEMA_ID)
    ? createRouteChecker(documents, undefined, compileSchemas)
    : undefined;
  return { packets, routes };
}

interface Verdict {
  valid: boolean;
  profile: string;
  errors: readonly UaiIssue[];
}

function judged(judge: Judge, packet: JudgedPacket, evaluatedAt: string): Verdict {
  if (packet.kind === 'route-record') {
    if (!judge.routes) return { valid: false, profile: 'route-record', errors: [] };
    const report = judge.routes.checkBytes(packet.bytes);
    return { valid: report.valid, profile: 'route-record', errors: report.errors };
  }
  const report = judge.packets.validateBytes(packet.bytes, { now: evaluatedAt });
  return { valid: report.valid, profile: report.profile ?? 'packet', errors: report.errors };
}

/** Members whose change makes another packet (its profile, version or seal), never varied. */
const FIXED = new Set(['/profile', '/uai_version', '/integrity']);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz     ';

/** Every member of a packet below the root, as segments, in document order. */
function memberPlaces(value: unknown, segments: (string | number)[], out: (string | number)[][]): void {
  if (segments.length && FIXED.has(jsonPointer(segments.slice(0, 1)))) return;
  if (segments.length) out.push(segments);
  if (Array.isArray(value)) value.forEach((item, index) => memberPlaces(item, [...segments, index], out));
  else if (isJsonObject(value))
    for (const [name, member] of Object.entries(value)) memberPlaces(member, [...segments, name], out);
}

function words(random: Random, length: number): string {
  let text = 'x';
  while (text.length < length) text += LETTERS[random.below(LETTERS.length)];
  return text.trimEnd() || 'x';
}

/** A packet and one of its members: what one variation changes. */
interface VariationPlace {
  from: MutationSource;
  place: (string | number)[];
}

/**
 * One variation of a valid keyed packet at a place: its string or number changed (strings to
 * lengths near their own and up to a few hundred, so a bound that moved shows), or the member removed.
 */
function varied({ from, place }: VariationPlace, random: Random): Record<string, unknown> | undefined {
  const packet = JSON.parse(JSON.stringify(from.keyed)) as Record<string, unknown>;
  let parent: unknown = packet;
  for (const segment of place.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[segment];
  const last = place[place.length - 1];
  const holder = parent as Record<string | number, unknown>;
  const current = holder[last];
  if (random.below(4) === 0) {
    if (Array.isArray(holder)) holder.splice(last as number, 1);
    else delete holder[last];
  } else if (typeof current === 'string') {
    const length = random.below(2) ? 1 + random.below(current.length * 2 + 2) : 1 + random.below(400);
    holder[last] = words(random, length);
  } else if (typeof current === 'number') {
    holder[last] = Number.isInteger(current) ? random.below(2000) - 1000 : random.next() * 1000;
  } else return undefined;
  reseal(packet);
  return packet;
}

const encoder = new TextEncoder();

/**
 * Valid packets generated from the previous edition's valid keyed fixtures: `count` variations the
 * previous edition still accepts (fewer when few variations are valid), and `count / 2` invalid
 * packets from the conformance generator's mutations.
 */
function generatedPackets(
  judge: Judge,
  sources: readonly MutationSource[],
  count: number,
  evaluatedAt: string,
): JudgedPacket[] {
  const random = seededRandom(VERDICT_SEED);
  const packets: JudgedPacket[] = [];
  if (!sources.length || count <= 0) return packets;
  // Every member of every source in turn (in a seeded order), so a few thousand packets vary each.
  const places = shuffled(
    sources.flatMap((from) => {
      const found: (string | number)[][] = [];
      memberPlaces(from.keyed, [], found);
      return found.map((place): VariationPlace => ({ from, place }));
    }),
    random,
  );
  for (let attempt = 0; places.length && packets.length < count && attempt < count * 4; attempt++) {
    const at = places[attempt % places.length];
    const packet = varied(at, random);
    if (!packet) continue;
    const bytes = encoder.encode(JSON.stringify(packet));
    if (judge.packets.validateBytes(bytes, { now: evaluatedAt }).valid)
      packets.push({ kind: 'packet', verdict: 'valid', source: `generated/varied/${at.from.source}`, bytes });
  }
  const mutated = generateCases(sources, {
    count: Math.ceil(count / 2),
    random,
    evaluatedAt,
    validator: judge.packets,
    requirementsOf: () => [],
  });
  for (const generated of mutated.cases)
    packets.push({ kind: 'packet', verdict: 'invalid', source: generated.source, bytes: generated.bytes });
  return packets;
}

/** The counts of a comparison, for the measurement the edition command prints. */
export interface VerdictRun {
  changes: VerdictChange[];
  judged: { fixtures: number; generated: number };
}

/**
 * The packets whose verdict differs between the previous edition's schemas and the next's: each
 * previous fixture (with the verdict that edition gave it) and, when `generated` > 0, that many
 * generated valid packets and half as many generated invalid ones.
 */
export function verdictChanges(
  previous: readonly SchemaDocument[],
  next: readonly SchemaDocument[],
  fixtures: readonly JudgedPacket[],
  options: { evaluatedAt: string; generated: number; sha256?: Sha256 },
): VerdictRun {
  const before = judgeOf(previous, options.sha256);
  const after = judgeOf(next, options.sha256);
  const sources: MutationSource[] = [];
  for (const fixture of fixtures) {
    if (fixture.kind !== 'packet' || fixture.verdict !== 'valid') continue;
    const keyed = JSON.parse(new TextDecoder().decode(fixture.bytes)) as unknown;
    if (isJsonObject(keyed) && typeof keyed.profile === 'string')
      sources.push({ source: fixture.source, keyed, profile: keyed.profile });
  }
  const generated = generatedPackets(before, sources, options.generated, options.evaluatedAt);
  const changes: VerdictChange[] = [];
  for (const packet of [...fixtures, ...generated]) {
    const now = judged(after, packet, options.evaluatedAt);
    if (now.valid === (packet.verdict === 'valid')) continue;
    // Tightened: the first error now. Loosened: the first error the previous edition gave.
    const explain = now.valid ? judged(before, packet, options.evaluatedAt) : now;
    const first = explain.errors[0];
    changes.push({
      direction: now.valid ? 'loosened' : 'tightened',
      schema: explain.profile,
      path: first?.path ?? '',
      code: first?.code ?? 'no error code',
      source: packet.source,
    });
  }
  return { changes, judged: { fixtures: fixtures.length, generated: generated.length } };
}
