/**
 * The floors of src/record/ (issue 42): the folders stand in the order `.dependency-cruiser.cjs`
 * lists them, every folder is on that list, and the folder-pair matrix of the imports has no
 * mutual pair and no import to a floor above. The lint enforces the same rules module by module;
 * this test says it about the folders, from the source text, without dependency-cruiser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';

const RECORD = join(REPOSITORY_ROOT, 'src/record');

interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string; pathNot?: string };
}

function configuredRules(): Rule[] {
  const require = createRequire(import.meta.url);
  return (require(join(REPOSITORY_ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] }).forbidden;
}

/** The floors, bottom to top, as the rule that places every folder lists them. */
function configuredFloors(rules: readonly Rule[]): string[] {
  const placed = rules.find((rule) => rule.name === 'record-folders-on-a-floor');
  assert.ok(placed, 'the rule record-folders-on-a-floor is missing from .dependency-cruiser.cjs');
  const match = /^\^src\/record\/\(([^)]+)\)\/$/.exec(placed.to.pathNot ?? '');
  assert.ok(match, `record-folders-on-a-floor: unexpected pathNot ${placed.to.pathNot}`);
  return match[1].split('|');
}

function recordFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return recordFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const folderOf = (file: string): string => relative(RECORD, file).split(sep)[0];

/** Imports between src/record/ folders: "from -> to" with the files that make each. */
function folderImports(): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const file of recordFiles(RECORD)) {
    const imported = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    for (const { fileName } of imported) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (!target.startsWith(RECORD + sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      pairs.set(key, [...(pairs.get(key) ?? []), `${relative(RECORD, file)} → ${relative(RECORD, target)}`]);
    }
  }
  return pairs;
}

test('every folder of src/record/ stands on a floor of .dependency-cruiser.cjs, and every floor is a folder', () => {
  const floors = configuredFloors(configuredRules());
  const entries = readdirSync(RECORD, { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  assert.deepEqual(
    [...folders].sort(),
    [...floors].sort(),
    'place a new folder in RECORD_FLOORS (.dependency-cruiser.cjs)',
  );
  const loose = entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name);
  assert.deepEqual(loose, [], 'a module at the root of src/record/ is on no floor');
});

test('one rule per floor forbids every floor above it', () => {
  const rules = configuredRules();
  const floors = configuredFloors(rules);
  const floorRules = rules.filter((rule) => rule.name.startsWith('record-floor-'));
  assert.deepEqual(
    floorRules.map((rule) => rule.name),
    floors.slice(0, -1).map((floor) => `record-floor-${floor}`),
  );
  floorRules.forEach((rule, index) => {
    assert.equal(rule.from.path, `^src/record/${floors[index]}/`);
    assert.equal(rule.to.path, `^src/record/(${floors.slice(index + 1).join('|')})/`);
  });
});

test('the folder-pair matrix of src/record/ has no mutual pair and no import up a floor', () => {
  const floors = configuredFloors(configuredRules());
  const pairs = folderImports();
  const mutual = [...pairs.keys()].filter((key) => {
    const [from, to] = key.split(' -> ');
    return from < to && pairs.has(`${to} -> ${from}`);
  });
  assert.deepEqual(mutual, [], `mutual folder pairs:\n${mutual.join('\n')}`);
  const upward = [...pairs].filter(([key]) => {
    const [from, to] = key.split(' -> ');
    return floors.indexOf(to) > floors.indexOf(from);
  });
  assert.deepEqual(
    upward.map(([key, files]) => `${key}: ${files.join(', ')}`),
    [],
    'imports up a floor',
  );
  // The reading is real: the record's folders do import the floors below them.
  assert.ok(pairs.has('machine -> model') && pairs.has('checks -> content'), [...pairs.keys()].join('\n'));
});
