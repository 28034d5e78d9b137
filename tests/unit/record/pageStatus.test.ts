/**
 * Each page's own status against the latest edition (src/record/editions/pageStatus.ts), over small
 * indexes: published when the page's own files are the edition's, changed (naming the files and the
 * released text) when one differs, new when the edition has no such page, informative when editions
 * do not freeze it; and what the record as a whole has pending.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  pageEditionStatus,
  pageEditionStatusLabel,
  pendingChanges,
  pendingFrozenPaths,
  recordEditionStatus,
  type FrozenPageDigests,
} from '../../../src/record/editions/pageStatus.ts';

const latest = {
  id: '2026-12-04',
  date: '2026-12-04',
  standard_version: '1.0',
  sources: {
    'content/pages/en-us/spec/agent-fallbacks.md': 'sha256:a',
    'content/client-ladder/en-us.json': 'sha256:b',
    'content/pages/en-us/specification/uai-1.md': 'sha256:c',
    // A template: the editorial frame, not any page's content.
    'src/layouts/RecordPage.astro': 'sha256:t',
  },
  files: {
    'pages/en-us/spec/agent-fallbacks.md': 'sha256:m1',
    'pages/en-us/specification/uai-1.md': 'sha256:m2',
    'pages/fr-fr/specification/uai-1.md': 'sha256:m3',
    'uai-1-field-registry.json': 'sha256:r',
    'schemas/uai-1/envelope.schema.json': 'sha256:e',
  },
};

const fallbacks: FrozenPageDigests = {
  locale: 'en-us',
  path: 'spec/agent-fallbacks',
  sources: {
    'content/pages/en-us/spec/agent-fallbacks.md': 'sha256:a',
    'content/client-ladder/en-us.json': 'sha256:b',
  },
  files: {},
};
const specification: FrozenPageDigests = {
  locale: 'en-us',
  path: 'specification/uai-1',
  sources: { 'content/pages/en-us/specification/uai-1.md': 'sha256:c' },
  files: { 'uai-1-field-registry.json': 'sha256:r', 'schemas/uai-1/envelope.schema.json': 'sha256:e' },
};

test("a page whose own files are the latest edition's is published in it, with its released text", () => {
  const status = pageEditionStatus(latest, fallbacks);
  assert.deepEqual(status, {
    state: 'published',
    id: '2026-12-04',
    date: '2026-12-04',
    releasedText: '/editions/2026-12-04/pages/en-us/spec/agent-fallbacks.md',
  });
  assert.equal(pageEditionStatusLabel(status), 'edition 2026-12-04');
});

test('one changed source, or one changed machine file it shows, makes that page alone a draft', () => {
  const reworded = { ...fallbacks, sources: { ...fallbacks.sources, 'content/client-ladder/en-us.json': 'sha256:B' } };
  const status = pageEditionStatus(latest, reworded);
  assert.deepEqual(status, {
    state: 'changed',
    since: '2026-12-04',
    releasedText: '/editions/2026-12-04/pages/en-us/spec/agent-fallbacks.md',
    changed: ['content/client-ladder/en-us.json'],
  });
  assert.equal(pageEditionStatusLabel(status), 'draft: changed since 2026-12-04');
  assert.equal(pageEditionStatus(latest, specification).state, 'published', 'the other page is untouched');
  const newSchema = {
    ...specification,
    files: { ...specification.files, 'schemas/uai-1/envelope.schema.json': 'sha256:E' },
  };
  assert.deepEqual(pageEditionStatus(latest, newSchema), {
    state: 'changed',
    since: '2026-12-04',
    releasedText: '/editions/2026-12-04/pages/en-us/specification/uai-1.md',
    changed: ['schemas/uai-1/envelope.schema.json'],
  });
  // A file the edition never recorded: the edition cannot vouch for it.
  const withNewFile = {
    ...fallbacks,
    sources: { ...fallbacks.sources, 'content/client-ladder/extra.json': 'sha256:x' },
  };
  assert.equal(pageEditionStatus(latest, withNewFile).state, 'changed');
});

test('a page the edition does not hold is new; no edition at all is unreleased; no frozen page is informative', () => {
  const guideLike = { ...fallbacks, locale: 'zh-cn', sources: {} };
  assert.deepEqual(pageEditionStatus(latest, guideLike), { state: 'new', since: '2026-12-04' });
  assert.equal(
    pageEditionStatusLabel({ state: 'new', since: '2026-12-04' }),
    'draft: new since 2026-12-04, in no edition yet',
  );
  assert.deepEqual(pageEditionStatus(undefined, fallbacks), { state: 'unreleased' });
  assert.deepEqual(pageEditionStatus(latest, undefined), { state: 'informative' });
  assert.equal(pageEditionStatusLabel({ state: 'informative' }), 'informative: not part of the editions');
});

test('the record has pending what its pages and machine files changed, and is released only when nothing is', () => {
  const machineNow = { 'uai-1-field-registry.json': 'sha256:r', 'schemas/uai-1/envelope.schema.json': 'sha256:e' };
  const allPublished = [
    { locale: 'en-us', path: 'spec/agent-fallbacks', status: pageEditionStatus(latest, fallbacks) },
    { locale: 'en-us', path: 'specification/uai-1', status: pageEditionStatus(latest, specification) },
    {
      locale: 'fr-fr',
      path: 'specification/uai-1',
      status: pageEditionStatus(latest, { ...specification, locale: 'fr-fr' }),
    },
  ];
  const none = pendingChanges(latest, allPublished, machineNow);
  assert.deepEqual(none, { pages: [], files: { added: [], removed: [], changed: [] } });
  assert.deepEqual(recordEditionStatus(latest, '1.0', none), {
    state: 'released',
    id: '2026-12-04',
    date: '2026-12-04',
    standardVersion: '1.0',
  });
  assert.equal(recordEditionStatus(latest, '1.1', none).state, 'draft', 'a new standard version is a draft');

  const reworded = { ...fallbacks, sources: { ...fallbacks.sources, 'content/client-ladder/en-us.json': 'sha256:B' } };
  const pending = pendingChanges(
    latest,
    [
      { locale: 'en-us', path: 'spec/agent-fallbacks', status: pageEditionStatus(latest, reworded) },
      { locale: 'en-us', path: 'specification/uai-1', status: pageEditionStatus(latest, specification) },
      { locale: 'zh-cn', path: 'spec/agent-fallbacks', status: { state: 'new', since: '2026-12-04' } },
    ],
    { 'uai-1-field-registry.json': 'sha256:R', 'routes/route_new.json': 'sha256:n' },
  );
  assert.deepEqual(pending, {
    pages: [
      { locale: 'en-us', path: 'spec/agent-fallbacks', state: 'changed' },
      // The French page no frozen page is any more.
      { locale: 'fr-fr', path: 'specification/uai-1', state: 'removed' },
      { locale: 'zh-cn', path: 'spec/agent-fallbacks', state: 'new' },
    ],
    files: {
      added: ['routes/route_new.json'],
      removed: ['schemas/uai-1/envelope.schema.json'],
      changed: ['uai-1-field-registry.json'],
    },
  });
  assert.deepEqual(recordEditionStatus(latest, '1.0', pending), {
    state: 'draft',
    since: '2026-12-04',
    standardVersion: '1.0',
  });
  assert.deepEqual([...pendingFrozenPaths(pending)].sort(), [
    'pages/en-us/spec/agent-fallbacks.md',
    'pages/fr-fr/specification/uai-1.md',
    'pages/zh-cn/spec/agent-fallbacks.md',
    'routes/route_new.json',
    'schemas/uai-1/envelope.schema.json',
    'uai-1-field-registry.json',
  ]);
  assert.deepEqual(recordEditionStatus(undefined, '1.0', pending), {
    state: 'draft',
    since: null,
    standardVersion: '1.0',
  });
});
