/**
 * Issue 37: the publication boundary, in one copy of the repository with one build. A fake secret
 * is planted in every file type the record can publish and in every place it comes from (content, a
 * schema, a fixture, a new edition folder, public/: text, PNG tEXt and zTXt, JPEG COM and EXIF
 * Artist, PDF /Author and a FlateDecode stream, a tarball's entry, an unknown .bin, .env, id_rsa,
 * deploy.pem, and the llms.txt head). The build must fail at the redaction gate before Astro runs,
 * print exactly one line per plant (file, place, kind, rule) and no planted value, and leave the
 * previous dist/ as it was.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { PLANTED_VALUES, PLANTS } from '../support/plantedCorpus.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';

let copy: string;
let run: BuildRun;
let distBefore: Map<string, string>;

/** dist/ as a map of path → bytes (latin1), to compare before and after. */
function snapshot(root: string): Map<string, string> {
  const dist = join(root, 'dist');
  return new Map(walkFiles(dist).map((file) => [file.slice(dist.length), readFileSync(file, 'latin1')]));
}

before(async () => {
  copy = copyRepository();
  // A previous build's dist/: a failed build must leave it as it was.
  mkdirSync(join(copy, 'dist'), { recursive: true });
  writeFileSync(join(copy, 'dist/index.html'), '<!doctype html><title>previous build</title>\n');
  distBefore = snapshot(copy);
  for (const plant of PLANTS) {
    const path = join(copy, plant.file);
    mkdirSync(dirname(path), { recursive: true });
    if (plant.bytes) writeFileSync(path, await plant.bytes());
    else {
      const original = readFileSync(path, 'utf8');
      const changed = plant.change!(original);
      assert.notEqual(changed, original, `the plant did not change ${plant.file}`);
      writeFileSync(path, changed);
    }
  }
  run = runBuild(copy);
});
after(() => {
  if (copy) removeCopy(copy);
});

test('the build fails at the redaction gate, before Astro, without a stack trace or a staging folder', () => {
  const output = `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-1500)}`;
  assert.equal(run.status, 1, `exit code ${run.status}, expected 1\n${output}`);
  assert.match(run.stderr, /build failed at redaction/, output);
  assert.doesNotMatch(run.stdout, /built \d+ HTML pages/, 'the gate must stop the build before Astro renders');
  assert.deepEqual(
    `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /^\s+at\s/.test(line)),
    [],
    `a stack trace\n${output}`,
  );
  assert.deepEqual(
    readdirSync(copy).filter((name) => name.startsWith('.dist-staging-')),
    [],
    'a staging folder was left',
  );
});

test('every plant has its one line: the file, the place, the kind (masked) and the rule', () => {
  const lines = run.stderr.split('\n').map((line) => line.trim());
  const missing: string[] = [];
  for (const plant of PLANTS) {
    const naming = lines.filter((line) => line.startsWith(plant.file));
    const matching = naming.filter((line) => plant.line.test(line));
    if (matching.length !== 1 || naming.length !== 1)
      missing.push(`${plant.file}: expected one line matching ${plant.line}, got:\n  ${naming.join('\n  ')}`);
  }
  assert.deepEqual(missing, [], run.stderr);
});

test('no planted value is printed', () => {
  for (const value of PLANTED_VALUES)
    assert.ok(!`${run.stdout}\n${run.stderr}`.includes(value), `the build printed the planted value ${value}`);
});

test('dist/ is unchanged', () => {
  assert.deepEqual(snapshot(copy), distBefore);
});
