/** record.config.json: the report link with and without a channel, the licence, and a bad file's one line. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportHref } from '../../../src/record/model/recordConfig.ts';
import { loadRecordConfig } from '../../../src/record/model/node/recordConfigFile.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';

test('reportHref: a set channel is filled with the code and the page URL, each URL-encoded', () => {
  const channel = 'https://tracker.example/new?title=Error%20in%20{code}&body={url}';
  assert.equal(
    reportHref({ reportChannel: channel }, 'UAIX-SPEC-0001', 'https://uaix.org/fr-fr/a b/?x=1&y'),
    'https://tracker.example/new?title=Error%20in%20UAIX-SPEC-0001&body=https%3A%2F%2Fuaix.org%2Ffr-fr%2Fa%20b%2F%3Fx%3D1%26y',
  );
  assert.equal(reportHref({ reportChannel: null }, 'UAIX-SPEC-0001', 'https://uaix.org/en-us/'), null);
});

test('the record states no report channel, and one licence: the package names the same one', () => {
  const config = loadRecordConfig();
  assert.equal(config.reportChannel, null);
  const pkg = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'packages/uai-1/package.json'), 'utf8'));
  assert.equal(pkg.license, config.license.id);
});

test('a record.config.json that breaks its schema is one line naming the file, the place and the rule', () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-config-'));
  try {
    mkdirSync(join(root, 'schemas/site'), { recursive: true });
    cpSync(
      join(REPOSITORY_ROOT, 'schemas/site/record-config.schema.json'),
      join(root, 'schemas/site/record-config.schema.json'),
    );
    const config = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'record.config.json'), 'utf8'));
    writeFileSync(
      join(root, 'record.config.json'),
      JSON.stringify({ ...config, report_channel: 'https://x.example/' }),
    );
    assert.throws(
      () => loadRecordConfig(root),
      (error: Error) =>
        /^record\.config\.json \/report_channel: must match pattern/.test(error.message) &&
        !error.message.includes('\n'),
    );
    writeFileSync(join(root, 'record.config.json'), '{\n  "license": ,\n}');
    assert.throws(
      () => loadRecordConfig(root),
      (error: Error) => /^record\.config\.json:2:14: not valid JSON/.test(error.message),
    );
    writeFileSync(
      join(root, 'record.config.json'),
      JSON.stringify({ ...config, report_channel: 'mailto:errata@record.example?subject={code}&body={url}' }),
    );
    assert.equal(loadRecordConfig(root).reportChannel, 'mailto:errata@record.example?subject={code}&body={url}');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
