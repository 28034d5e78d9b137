/**
 * An RFC 6902 JSON Patch that matches the members of an array by their identity, not by their
 * position: records (fixtures by url or path, requirements by id, error codes by code, fields by
 * name…) keep their key across editions, so one record added in the middle of a list is one `add`,
 * not a replace of every record after it. The paths are array indexes computed after matching, so
 * any JSON Patch consumer applies the patch to the previous document as it is. An array whose
 * members have no identity (numbers, or objects without a unique key member) is compared by
 * position, as fast-json-patch does. Like jsonPatchOf's patches, each replace and remove is
 * preceded by a `test` of the value it overwrites.
 */
import * as jsonPatch from 'fast-json-patch/index.mjs';

/** One RFC 6902 operation, as fast-json-patch's `compare` writes them. */
export type PatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; path: string; from: string };

/** A record of a keyed array that the patch adds, removes or changes (moved records count as changed). */
export interface RecordChange {
  /** The pointer of the array in the new document. */
  array: string;
  /** The member that identifies the records of this array, and this record's value of it. */
  key: string;
  id: string;
  change: 'added' | 'removed' | 'changed';
}

export interface KeyedPatch {
  operations: PatchOperation[];
  records: RecordChange[];
}

/**
 * The members that name a record, in the order they are tried: the first that every member of both
 * arrays has as a string, unique within each array, is the arrays' key. An allow-list: a member not
 * named here never identifies a record.
 */
export const IDENTITY_MEMBERS = ['id', 'code', 'url', 'path', 'profile', 'definition', 'name'] as const;

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The identity of each member of `items` under `key`, or undefined when one lacks it or two share it. */
function identities(items: readonly Json[], key: string): string[] | undefined {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const id = isRecord(item) ? item[key] : undefined;
    if (typeof id !== 'string' || seen.has(id)) return undefined;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

/** The key both arrays' members are identified by, with their identities; strings unique in both are their own. */
function identityOf(
  from: readonly Json[],
  to: readonly Json[],
): { key: string; from: string[]; to: string[] } | undefined {
  if (from.length === 0 && to.length === 0) return undefined;
  const strings = (items: readonly Json[]) =>
    items.every((item) => typeof item === 'string') && new Set(items).size === items.length;
  if (strings(from) && strings(to)) return { key: '', from: from as string[], to: to as string[] };
  for (const key of IDENTITY_MEMBERS) {
    const [a, b] = [identities(from, key), identities(to, key)];
    if (a && b) return { key, from: a, to: b };
  }
  return undefined;
}

const child = (path: string, member: string | number) => `${path}/${jsonPatch.escapePathComponent(String(member))}`;

class PatchWriter {
  readonly operations: PatchOperation[] = [];
  readonly records: RecordChange[] = [];

  diff(from: Json, to: Json, path: string): void {
    // The equality the patch's own `test` operations apply (fast-json-patch's, exported for that).
    if (jsonPatch._areEquals(from, to)) return;
    if (Array.isArray(from) && Array.isArray(to)) this.array(from, to, path);
    else if (isRecord(from) && isRecord(to)) this.object(from, to, path);
    else this.replace(from, to, path);
  }

  private replace(from: Json, to: Json, path: string): void {
    this.operations.push({ op: 'test', path, value: from }, { op: 'replace', path, value: to });
  }

  private remove(from: Json, path: string): void {
    this.operations.push({ op: 'test', path, value: from }, { op: 'remove', path });
  }

  private object(from: Record<string, Json>, to: Record<string, Json>, path: string): void {
    for (const member of Object.keys(from)) if (!(member in to)) this.remove(from[member], child(path, member));
    for (const member of Object.keys(to)) {
      if (member in from) this.diff(from[member], to[member], child(path, member));
      else this.operations.push({ op: 'add', path: child(path, member), value: to[member] });
    }
  }

  private array(from: Json[], to: Json[], path: string): void {
    const identity = identityOf(from, to);
    if (!identity) {
      // No identity: by position, as fast-json-patch compares (its paths are relative to the array).
      const patch = jsonPatch.compare(from, to, true) as PatchOperation[];
      for (const operation of patch) {
        const moved = { ...operation, path: `${path}${operation.path}` };
        if ('from' in operation) (moved as { from: string }).from = `${path}${operation.from}`;
        this.operations.push(moved);
      }
      return;
    }
    const note = (id: string, change: RecordChange['change']) => {
      if (identity.key) this.records.push({ array: path, key: identity.key, id, change });
    };
    const next = new Map(identity.to.map((id, position) => [id, position]));
    const previous = new Map(identity.from.map((id, position) => [id, position]));
    // Removed records first, from the last, so each index is still the previous document's.
    for (let position = from.length - 1; position >= 0; position--) {
      if (next.has(identity.from[position])) continue;
      this.remove(from[position], child(path, position));
      note(identity.from[position], 'removed');
    }
    // Then each position of the new array in order: the positions before it are final, so a kept
    // record is at or after it (moved into place when another order put it later), a new one added.
    const working = identity.from.filter((id) => next.has(id));
    identity.to.forEach((id, position) => {
      const before = previous.get(id);
      if (before === undefined) {
        this.operations.push({ op: 'add', path: child(path, position), value: to[position] });
        working.splice(position, 0, id);
        note(id, 'added');
        return;
      }
      const count = this.operations.length;
      if (working[position] !== id) {
        // Only a reordered array comes here; the search is over the records not yet in place.
        const at = working.indexOf(id, position);
        this.operations.push({ op: 'move', from: child(path, at), path: child(path, position) });
        working.splice(at, 1);
        working.splice(position, 0, id);
      }
      this.diff(from[before], to[position], child(path, position));
      if (this.operations.length > count) note(id, 'changed');
    });
  }
}

/** The patch from `from` to `to` with array members matched by identity, and the records it touches. */
export function keyedJsonPatch(from: Json, to: Json): KeyedPatch {
  const writer = new PatchWriter();
  writer.diff(from, to, '');
  return { operations: writer.operations, records: writer.records };
}
