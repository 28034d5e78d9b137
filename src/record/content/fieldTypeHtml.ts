/**
 * A field's type in the reader's language, for the field tables. The field registry's `type` is the
 * English label `typeLabel` (model/fieldRegistry.ts) writes for programs ("array of string", "enum",
 * "date-time (UTC, Z)"); this reads that label's small grammar back (an allow-list: a label no rule
 * reads is shown as it is, as code, and the unit test over the registry fails on it) and says it
 * with the interface strings `type.*`: JSON Schema's names (`string`, `object`, `date-time`) stay
 * code, the words around them are the locale's.
 */
import { escapeHtml } from './escapeHtml.ts';
import { templateHtml } from './inlineText.ts';

/** A locale's interface strings: `t(key)` is the raw template, `t(key, values)` filled. */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The JSON types a label names bare, alone or joined with ` | `. */
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'any']);

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

type EnumValues = readonly unknown[] | undefined;

/** `label` as HTML, or undefined when no rule reads it. `enumValues` are the field's `enum`. */
export function readFieldType(label: string, enumValues: EnumValues, t: Translate): string | undefined {
  const say = (key: string, values: Record<string, string> = {}) => templateHtml(t(key), (name) => values[name] ?? '');
  if (label.startsWith('array of ')) {
    const items = readFieldType(label.slice('array of '.length), undefined, t);
    return items && say('type.array_of', { items });
  }
  if (label === 'enum' && enumValues) return say('type.enum', { values: enumValues.map((value) => code(String(value))).join(t('list.separator')) });
  if (label === 'object (free-form)') return say('type.free_object');
  if (label === 'date-time (UTC, Z)') return say('type.date_time');
  if (label.startsWith('const ')) return say('type.const', { value: code(label.slice('const '.length)) });
  const format = /^string \(([a-z0-9-]+)\)$/.exec(label);
  if (format) return say('type.format', { format: code(format[1]) });
  const types = label.split(' | ');
  return types.every((type) => JSON_TYPES.has(type)) ? types.map(code).join(' | ') : undefined;
}

/** The table cell: the label read, or the label itself as code. */
export function fieldTypeHtml(label: string, enumValues: EnumValues, t: Translate): string {
  return readFieldType(label, enumValues, t) ?? code(label);
}
