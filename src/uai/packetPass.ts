/**
 * The validator's one walk over a keyed packet. Writing the canonical text for the digest already
 * visits every string, member name and number, so the same pass runs the policy checks on the
 * strings and names and the I-JSON check on the numbers, instead of two more walks; and the screen
 * that reads each string's characters for the checks also tells the serializer when a string
 * needs no escaping. Where the pass cannot see everything (a value canonicalization refuses, a
 * checksum that is an object), it says so and the validator runs the separate walks.
 */
import type { UaiIssue } from './errorCodes.ts';
import type { CanonicalVisitor } from './jcs.ts';
import { unsafeNumberProblem } from './ijsonNumbers.ts';
import { isJsonObject as isPlainObject } from './jsonObject.ts';
import { canonicalPacketText } from './packetDigest.ts';
import { hasPlainPrototype, type WalkLimits } from './jcs.ts';
import { PacketTextChecks, rememberMemberName } from './policyRules.ts';
import { screenString, needsNoEscape, isAsciiScreen } from './stringScreen.ts';

/** The issue of a packet that has no canonical text (a value JSON cannot carry, a cycle, a lone surrogate). */
export function digestFailure(error: unknown): UaiIssue {
  return {
    code: 'UAI-SCHEMA-INVALID',
    path: (error as { path?: string }).path ?? '',
    message: (error as Error).message,
  };
}

/**
 * Member names with no claim and no secret that JSON writes as they are: the verdicts depend on the
 * name alone, and packets of one profile share their names, so each is read once (bounded, see
 * `rememberMemberName`).
 */
const QUIET_MEMBER_NAMES = new Set<string>();

const INTEGRITY_PATH: readonly string[] = ['integrity'];
const CHECKSUM_PATH: readonly string[] = ['integrity', 'checksum'];

/**
 * The validator's one walk over a keyed packet: the canonical pass that writes the digest's text
 * also feeds every string and member name to the claim and secret checks and every number to the
 * I-JSON check, so the packet is read once rather than three times.
 */
export class PacketPass extends PacketTextChecks implements CanonicalVisitor {
  /** A number that is not I-JSON was seen: the exact report then comes from `findUnsafeNumbers`. */
  unsafeNumber = false;
  /** Every string value seen so far is ASCII (the schema stage then skips its walk for astral invisible text). */
  asciiText = true;

  /** The screen that decides which checks run also tells the serializer whether the string needs escaping. */
  override string(text: string, path: readonly (string | number)[]): boolean {
    const screen = screenString(text);
    this.screened(text, path, screen);
    if (!isAsciiScreen(screen)) this.asciiText = false;
    return needsNoEscape(screen);
  }

  /** A member name: checked once per name (`QUIET_MEMBER_NAMES`); true when it is written as it is. */
  override memberName(name: string, path: readonly (string | number)[]): boolean {
    if (QUIET_MEMBER_NAMES.has(name)) return true;
    const findings = this.claims.length + this.secrets.length;
    super.memberName(name, path);
    const plain = needsNoEscape(screenString(name));
    if (plain && this.claims.length + this.secrets.length === findings) rememberMemberName(QUIET_MEMBER_NAMES, name);
    return plain;
  }

  /** How many numbers the pass saw (`passOverJsonData` bounds the value's size with it). */
  numbers = 0;

  number(value: number): void {
    this.numbers++;
    if (!Number.isSafeInteger(value) && unsafeNumberProblem(value) !== undefined) this.unsafeNumber = true;
  }

  /**
   * integrity.checksum is left out of the canonical text, not out of the checks: visit it as the
   * policy walk does. False when it holds an object or array, which this pass does not walk.
   */
  visitChecksum(packet: Record<string, unknown>): boolean {
    const integrity = packet.integrity;
    if (!isPlainObject(integrity) || !Object.prototype.propertyIsEnumerable.call(integrity, 'checksum')) return true;
    const checksum = integrity.checksum;
    this.memberName('checksum', INTEGRITY_PATH);
    if (typeof checksum === 'string') this.string(checksum, CHECKSUM_PATH);
    else if (typeof checksum === 'number') this.number(checksum);
    else if (checksum !== null && typeof checksum === 'object') return false;
    return true;
  }
}

/**
 * What the pass over a packet gave: the canonical text or why there is none, and its checks when
 * they covered every leaf.
 */
export interface PassResult {
  text?: string;
  failure?: UaiIssue;
  /** Absent when the pass stopped early or skipped a leaf: then the separate walks decide. */
  covered?: PacketPass;
}

/**
 * The pass over a keyed packet: its canonical text (the digest's input) and, when the pass saw
 * every leaf, the claim and secret issues of its strings and member names and whether a number
 * is not I-JSON. The issues are those `policyIssues` finds (without expiry), in another order.
 */
export function passOver(packet: Record<string, unknown>, limits?: WalkLimits): PassResult {
  const pass = new PacketPass(packet);
  let text: string;
  try {
    text = canonicalPacketText(packet, pass, limits);
  } catch (error) {
    return { failure: digestFailure(error) };
  }
  return pass.visitChecksum(packet) ? { text, covered: pass } : { text };
}

/** An object the canonicalizer takes as it is: a plain prototype and no symbol key. */
function isPlainRecord(value: object): boolean {
  return hasPlainPrototype(value) && Object.getOwnPropertySymbols(value).length === 0;
}

/**
 * What the member integrity.checksum adds to the byte count of `isJsonDataWithin` (its name and a
 * scalar value), or undefined when the checksum is no JSON scalar: the canonical text leaves it
 * out, so the pass vouches for nothing in it.
 */
function checksumBytes(packet: Record<string, unknown>): number | undefined {
  const integrity = packet.integrity;
  if (!isPlainObject(integrity) || !Object.prototype.propertyIsEnumerable.call(integrity, 'checksum')) return 0;
  const checksum = integrity.checksum;
  if (typeof checksum === 'string') return 'checksum'.length + 3 + checksum.length + 2;
  if (checksum === null || typeof checksum === 'number' || typeof checksum === 'boolean')
    return 'checksum'.length + 3 + 2;
  return undefined;
}

/**
 * The pass over a keyed packet from code that also proves it JSON data within the reader's
 * limits, which the validator otherwise asks `isJsonDataWithin` in a walk of its own: the pass,
 * or undefined when it cannot prove it (the validator then runs that walk, and the pass again).
 * Canonicalization already refuses what the walk refuses (values JSON has no place for, objects
 * with another prototype or symbol keys, array holes, cycles, a getter that throws) and, with the
 * walk's `maxDepth`, the same nesting; it stops after reading `maxBytes` (a value shared by many
 * members is read once per place), as the walk does. The rest is checked here: the packet and `integrity`, which
 * `withoutChecksum` copies (a copy has a plain prototype and no symbol key that is not enumerable),
 * and the checksum, which the text leaves out. The
 * walk's byte count C (a string or name its length plus 2 or 3, any other value 2) is at most the
 * canonical text's length plus one per number, each part of C being at most its text but a
 * number's single character: within `maxBytes` with that bound, the walk's count is too.
 */
export function passOverJsonData(
  packet: Record<string, unknown>,
  limits: { maxDepth: number; maxBytes: number },
): PassResult | undefined {
  if (!isPlainRecord(packet)) return undefined;
  const integrity = packet.integrity;
  if (isPlainObject(integrity) && !isPlainRecord(integrity)) return undefined;
  const checksum = checksumBytes(packet);
  if (checksum === undefined) return undefined;
  const pass = passOver(packet, { maxDepth: limits.maxDepth, maxLength: limits.maxBytes });
  if (pass.text === undefined || !pass.covered) return undefined;
  return pass.text.length + pass.covered.numbers + checksum <= limits.maxBytes ? pass : undefined;
}
