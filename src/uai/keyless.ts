/**
 * The keyless transfer form: every declared object becomes an array of its values in schema
 * property order, absent optional fields become null, arrays of objects become arrays of arrays,
 * free-form objects stay objects. Driven only by the shape computed from the schemas.
 */
import type { Shape, ObjectShape } from './fieldShape.ts';
import type { UaiIssue } from './errorCodes.ts';
import { jsonPointer, valueAtPointer } from './jsonPointer.ts';
import { isJsonObject } from './jsonObject.ts';

export type CodecResult = { ok: true; value: unknown } | { ok: false; issues: UaiIssue[] };

function compactValue(value: unknown, shape: Shape, path: (string | number)[], issues: UaiIssue[]): unknown {
  if (shape.kind === 'object') {
    if (!isJsonObject(value)) return value; // the schema reports the wrong type; keep the value
    const declared = new Set(shape.fields.map((field) => field.name));
    for (const name of Object.keys(value)) {
      if (!declared.has(name)) {
        issues.push({
          code: 'UAI-SCHEMA-UNDECLARED',
          path: jsonPointer([...path, name]),
          message: `the undeclared field ${JSON.stringify(name)} has no slot in the keyless form; remove it`, // quoted: one line
        });
      }
    }
    return shape.fields.map((field) =>
      Object.prototype.hasOwnProperty.call(value, field.name)
        ? compactValue(value[field.name], field.shape, [...path, field.name], issues)
        : null,
    );
  }
  if (shape.kind === 'array' && Array.isArray(value)) {
    return value.map((item, index) => compactValue(item, shape.items, [...path, index], issues));
  }
  return value;
}

function expandValue(value: unknown, shape: Shape, path: (string | number)[], issues: UaiIssue[]): unknown {
  if (shape.kind === 'object') {
    if (!Array.isArray(value)) {
      issues.push({
        code: 'UAI-KEYLESS-SHAPE',
        path: jsonPointer(path),
        message: `expected an array of ${shape.fields.length} values (${describeFields(shape)}), found ${describeJsonType(value)}`,
      });
      return undefined;
    }
    if (value.length !== shape.fields.length) {
      issues.push({
        code: 'UAI-KEYLESS-SHAPE',
        path: jsonPointer(path),
        message: `expected ${shape.fields.length} values (${describeFields(shape)}), found ${value.length}; use null for an absent optional field`,
      });
      return undefined;
    }
    const result: Record<string, unknown> = {};
    for (let index = 0; index < shape.fields.length; index++) {
      const slot = value[index];
      if (slot === null) continue; // absent optional field
      const field = shape.fields[index];
      path.push(index);
      const expanded = expandValue(slot, field.shape, path, issues);
      path.pop();
      if (expanded === undefined) continue;
      // Field names come from the schema; a member named __proto__ must still be an own property.
      if (field.name === '__proto__')
        Object.defineProperty(result, field.name, {
          value: expanded,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else result[field.name] = expanded;
    }
    return result;
  }
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) {
      issues.push({
        code: 'UAI-KEYLESS-SHAPE',
        path: jsonPointer(path),
        message: `expected an array, found ${describeJsonType(value)}`,
      });
      return undefined;
    }
    const items: unknown[] = [];
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      items.push(expandValue(value[index], shape.items, path, issues));
      path.pop();
    }
    return items;
  }
  return value;
}

export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function describeFields(shape: ObjectShape): string {
  const names = shape.fields.map((field) => field.name);
  return names.length > 6 ? `${names.slice(0, 3).join(', ')}, … ${names[names.length - 1]}` : names.join(', ');
}

/**
 * Keyed → keyless. Refused when the keyless form would not give back this keyed packet: a field the
 * schema does not declare has no slot, and an explicit null has no keyless form (keyless uses null
 * for "absent", so expanding would drop the member and could turn an invalid packet into a valid one).
 */
export function compactPacket(keyed: unknown, shape: ObjectShape): CodecResult {
  const issues: UaiIssue[] = [];
  const value = compactValue(keyed, shape, [], issues);
  if (issues.length) return { ok: false, issues };
  // A subtree that does not expand is left out of `expanded`, so it shows up as a difference too.
  const expanded = expandValue(value, shape, [], []);
  const difference = firstDifference(keyed, expanded, []);
  if (difference) {
    const place = jsonPointer(difference);
    const original = valueAtPointer(keyed, difference);
    return {
      ok: false,
      issues: [
        {
          code: 'UAI-KEYLESS-SHAPE',
          path: place,
          message:
            original === null
              ? 'an explicit null has no keyless form (keyless null means "absent"): remove the member or give it a value'
              : `${describeJsonType(original)} here does not survive the keyless form and back: fix the value to what the schema declares`,
        },
      ],
    };
  }
  return { ok: true, value };
}

/** Path of the first place where two JSON values differ, or undefined when they are the same. */
function firstDifference(a: unknown, b: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (a === b) return undefined;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return path;
    for (let index = 0; index < a.length; index++) {
      const found = firstDifference(a[index], b[index], [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isJsonObject(a) || !isJsonObject(b) || Array.isArray(b)) return path;
  for (const name of Object.keys(a)) {
    if (!Object.prototype.hasOwnProperty.call(b, name)) return [...path, name];
    const found = firstDifference(a[name], b[name], [...path, name]);
    if (found) return found;
  }
  for (const name of Object.keys(b)) if (!Object.prototype.hasOwnProperty.call(a, name)) return [...path, name];
  return undefined;
}

/** Keyless → keyed. Fails with UAI-KEYLESS-SHAPE when an array does not fit its object. */
export function expandPacket(keyless: unknown, shape: ObjectShape): CodecResult {
  const issues: UaiIssue[] = [];
  const value = expandValue(keyless, shape, [], issues);
  return issues.length ? { ok: false, issues } : { ok: true, value };
}

/**
 * Maps a pointer into the keyed form to the same place in the keyless form (field names become
 * indexes). Segments past what the shape declares are kept as they are.
 */
export function keylessPointer(keyedSegments: readonly string[], shape: Shape): string {
  const out: (string | number)[] = [];
  let current: Shape | undefined = shape;
  for (const segment of keyedSegments) {
    if (current?.kind === 'object') {
      const index = current.fields.findIndex((field) => field.name === segment);
      if (index < 0) {
        out.push(segment);
        current = undefined;
        continue;
      }
      out.push(index);
      current = current.fields[index].shape;
    } else if (current?.kind === 'array') {
      out.push(segment);
      current = current.items;
    } else {
      out.push(segment);
      current = undefined;
    }
  }
  return jsonPointer(out);
}
