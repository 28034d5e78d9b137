/**
 * The installable validator as the site presents it: every command that runs `uaix` through npx is
 * pinned to the tarball this build published (never a bare `npx uaix`, which would fetch whatever
 * the public registry holds under that name), the digest printed beside it is the manifest's, the
 * tarball is listed in llms.txt, and the about page states the code's license from the package.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIST,
  ORIGIN,
  REPO,
  assertNoProblems,
  htmlPages,
  pageAt,
  readJson,
  requireDist,
  walkFiles,
} from './_support/site.ts';

requireDist();
const manifest = readJson<{
  package: { name: string; version: string; license: string; tarball: string; sha256: string };
}>(join(DIST, '.well-known/uaix.json'));
const packageJson = readJson<{ name: string; version: string; license: string }>(
  join(REPO, 'packages/uai-1/package.json'),
);

/**
 * Every `npx … uaix` command in a text (read as whitespace-separated words: `uaix` within the four
 * words after `npx`), and whether its options are exactly `--yes --package <the published tarball>`.
 */
export function npxProblems(file: string, text: string, tarball: string): string[] {
  const words = text.split(/\s+/).map((word) => word.replace(/^[`'"(]+|[`'")]+$/g, ''));
  const problems: string[] = [];
  words.forEach((word, index) => {
    if (word !== 'npx') return;
    const at = words.slice(index + 1, index + 5).indexOf('uaix');
    if (at < 0) return;
    const options = words.slice(index + 1, index + 1 + at);
    if (options.join(' ') !== `--yes --package ${tarball}`)
      problems.push(`${file}: "npx ${[...options, 'uaix'].join(' ')}" is not pinned to ${tarball}`);
  });
  return problems;
}

test('the manifest names the package as packages/uai-1/package.json states it', () => {
  assert.equal(manifest.package.name, packageJson.name);
  assert.equal(manifest.package.version, packageJson.version);
  assert.equal(manifest.package.license, packageJson.license);
  assert.equal(
    manifest.package.tarball,
    `${ORIGIN}/tools/${packageJson.name.replace(/^@/, '').replace('/', '-')}-${packageJson.version}.tgz`,
  );
});

test('every npx command on every page, mirror, llms.txt and the manifest is pinned to the published tarball', () => {
  const files = walkFiles(DIST).filter((file) => /\.(html|md|json|txt)$/.test(file) && !file.includes('/pagefind/'));
  // HTML is read as text: highlighted code splits a command into spans.
  const textOf = (file: string) =>
    file.endsWith('.html') ? readFileSync(file, 'utf8').replace(/<[^>]*>/g, '') : readFileSync(file, 'utf8');
  const problems = files.flatMap((file) =>
    npxProblems(file.slice(DIST.length), textOf(file), manifest.package.tarball),
  );
  assertNoProblems(problems, 'npx commands that are not pinned to the tarball');
  const validator = textOf(pageAt('/en-us/tools/validator/').file);
  assert.ok(
    validator.includes(`npx --yes --package ${manifest.package.tarball} uaix validate`),
    'the validator page prints the pinned command',
  );
  assert.ok(
    validator.includes(manifest.package.sha256.replace(/^sha256:/, '')),
    'the validator page prints the tarball digest to check',
  );
});

test('a bare npx uaix is caught by the check', () => {
  assert.equal(npxProblems('x.md', 'run `npx uaix validate packet.json`', manifest.package.tarball).length, 1);
  assert.equal(
    npxProblems(
      'x.md',
      `run \`npx --yes --package ${manifest.package.tarball} uaix validate p.json\``,
      manifest.package.tarball,
    ).length,
    0,
  );
  assert.equal(
    npxProblems(
      'x.md',
      'run `npx --yes --package https://uaix.org/tools/other-9.9.9.tgz uaix validate p.json`',
      manifest.package.tarball,
    ).length,
    1,
  );
});

test('every locale shows the pinned commands on the validator page and the license on the about page', () => {
  const problems: string[] = [];
  for (const page of htmlPages().filter(
    (candidate) => candidate.path === 'tools/validator' || candidate.path === 'about',
  )) {
    const html = readFileSync(page.file, 'utf8');
    if (
      page.path === 'tools/validator' &&
      !html.replace(/<[^>]*>/g, '').includes(`--package ${manifest.package.tarball} uaix validate`)
    )
      problems.push(`${page.url}: no pinned uaix validate command`);
    if (page.path === 'about' && !html.includes(`data-uaix-license="${packageJson.license}"`))
      problems.push(`${page.url}: the license ${packageJson.license} is not stated`);
  }
  assertNoProblems(problems, 'package commands and license');
  assert.ok(
    readFileSync(join(DIST, 'llms.txt'), 'utf8').includes(`](${manifest.package.tarball})`),
    'llms.txt links the tarball',
  );
});
