import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTypeHeader, extensionMediaType } from '../../src/record/model/mediaTypes.ts';

test('a path gets the media type of its last extension, case-insensitively', () => {
  assert.equal(extensionMediaType('/cards/guide.png'), 'image/png');
  assert.equal(extensionMediaType('/tools/uaix-1.0.0.tgz.json'), 'application/json');
  assert.equal(extensionMediaType('/A/B.HTML'), 'text/html');
});

test('no extension, or a dot only in a folder name, is application/octet-stream', () => {
  assert.equal(extensionMediaType('/pagefind/fragment/en_1.pf_fragment'), 'application/octet-stream');
  assert.equal(extensionMediaType('/editions/2026-12-04.1/README'), 'application/octet-stream');
  assert.equal(extensionMediaType('/v1.0/x'), 'application/octet-stream');
});

test('text types carry charset=utf-8 on the wire; binary types do not', () => {
  assert.equal(contentTypeHeader('application/json'), 'application/json; charset=utf-8');
  assert.equal(contentTypeHeader('image/png'), 'image/png');
});
