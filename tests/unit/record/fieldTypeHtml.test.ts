/**
 * Issue 40: a field table's type cell in the reader's language ("array of string" was English on
 * every profile page). Every type label the field registry writes is read, in every locale, with
 * JSON Schema's names as code and the words around them from the locale's strings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFieldType, fieldTypeHtml } from '../../../src/record/content/fieldTypeHtml.ts';
import { fillTemplate } from '../../../src/record/content/inlineText.ts';
import { buildFieldRegistry } from '../../../src/record/model/fieldRegistry.ts';
import { loadRecordModel } from '../../../src/record/model/node/loadRecordModel.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';

const LOCALES = ['en-us', 'es-us', 'es-es', 'fr-fr', 'zh-cn'];
const translator = (locale: string) => {
  const table = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'content/i18n', `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;
  return (key: string, values: Record<string, string> = {}) => {
    assert.ok(key in table, `${locale}: no ${key}`);
    return fillTemplate(table[key], values);
  };
};

test('every type label of the field registry is read in every locale, and no English word is left around the code', () => {
  const registry = buildFieldRegistry(loadRecordModel(), 'https://uaix.org');
  const objects = [
    registry.envelope,
    ...registry.objects,
    ...registry.profiles.flatMap((p) => [p.body, ...p.body_objects]),
  ];
  const fields = objects.flatMap((object) => object.fields);
  assert.ok(new Set(fields.map((field) => field.type)).size >= 10);
  for (const locale of LOCALES) {
    const t = translator(locale);
    for (const field of fields) {
      const html = readFieldType(field.type, field.enum, t);
      assert.ok(html, `${locale}: no words for the type "${field.type}"`);
      const words = html.replace(/<code>[^<]*<\/code>/g, '');
      if (locale !== 'en-us') assert.doesNotMatch(words, /array of|enum|free-form|\bUTC, Z\b/, `${locale}: ${html}`);
    }
  }
});

test('readFieldType: the words are the locale’s, the names code; an unknown label is shown as code', () => {
  const zh = translator('zh-cn');
  const es = translator('es-us');
  const fr = translator('fr-fr');
  assert.equal(readFieldType('array of string', undefined, zh), '<code>string</code> 数组');
  assert.equal(readFieldType('array of object', undefined, es), 'arreglo de <code>object</code>');
  assert.equal(readFieldType('enum', ['a', 'b'], zh), '取值之一：<code>a</code>、<code>b</code>');
  assert.equal(readFieldType('string (uri)', undefined, fr), '<code>string</code> au format <code>uri</code>');
  assert.equal(readFieldType('const "1.0"', undefined, es), 'siempre <code>"1.0"</code>'.replace(/"/g, '&quot;'));
  assert.equal(readFieldType('string | null', undefined, es), '<code>string</code> | <code>null</code>');
  assert.equal(readFieldType('tuple of string', undefined, es), undefined);
  assert.equal(fieldTypeHtml('tuple <x>', undefined, es), '<code>tuple &lt;x&gt;</code>');
});
