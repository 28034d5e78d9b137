/**
 * Issue 13, gate 5: the lockfile is the only source of versions, no install script runs, the
 * packages that ship install scripts work without them, and the audit step applies its policy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minVersion, satisfies } from 'semver';
import { readAudit } from '../../scripts/audit.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(join(REPO, 'package.json'));
const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<
    string,
    {
      version?: string;
      hasInstallScript?: boolean;
      engines?: Record<string, string> | string[];
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    }
  >;
};
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  engines: { node: string };
};

test('.npmrc turns install scripts off, and CI installs with npm ci (the lockfile, nothing else)', () => {
  const npmrc = readFileSync(join(REPO, '.npmrc'), 'utf8');
  assert.match(npmrc, /^ignore-scripts=true$/m);
  const ci = readFileSync(join(REPO, '.ci/run'), 'utf8');
  assert.match(ci, /^npm ci\b/m);
  assert.doesNotMatch(ci, /^npm (?:install|i)\b/m);
});

test('every dependency is pinned to one exact version, the one the lockfile holds', () => {
  for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
    assert.match(range, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, `${name}@${range} is not an exact version`);
    assert.equal(
      lock.packages[`node_modules/${name}`]?.version,
      range,
      `${name}: package.json says ${range}, the lockfile ${lock.packages[`node_modules/${name}`]?.version}`,
    );
  }
  assert.deepEqual(
    lock.packages['']?.dependencies,
    manifest.dependencies,
    'the lockfile was written for other dependencies',
  );
});

/** Each package with an install script, and how it is proved to work without it. */
const WORKS_WITHOUT_SCRIPT: Record<string, () => void> = {
  // esbuild's postinstall only checks (and may copy) the binary of @esbuild/<platform>.
  esbuild: () => {
    for (const path of Object.keys(lock.packages).filter((key) => key.endsWith('node_modules/esbuild'))) {
      const esbuild = require(join(REPO, path)) as { transformSync(code: string, options: object): { code: string } };
      assert.equal(esbuild.transformSync('let a: number = 1', { loader: 'ts' }).code.trim(), 'let a = 1;', path);
    }
  },
  // sharp's install script only checks for the prebuilt @img/sharp-<platform> binaries.
  sharp: () => {
    const result = spawnSync(
      process.execPath,
      [
        '-e',
        "require('sharp')({create:{width:2,height:2,channels:3,background:'#fff'}}).png().toBuffer().then((b)=>process.stdout.write(String(b.length)))",
      ],
      { cwd: REPO, encoding: 'utf8' },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.ok(Number(result.stdout) > 0, 'sharp made no PNG');
  },
};

test('packages that ship install scripts work without them: esbuild (all copies), sharp; Pagefind runs its platform binary', () => {
  const withScripts = [
    ...new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    ),
  ].sort();
  assert.deepEqual(
    withScripts,
    Object.keys(WORKS_WITHOUT_SCRIPT).sort(),
    'a package with an install script needs a check here before it is added',
  );
  for (const name of withScripts) WORKS_WITHOUT_SCRIPT[name]();
  const pagefind = spawnSync(process.execPath, [join(REPO, 'node_modules/pagefind/lib/runner/bin.cjs'), '--version'], {
    encoding: 'utf8',
  });
  assert.equal(pagefind.status, 0, pagefind.stderr);
  assert.match(pagefind.stdout, /^pagefind \d+\.\d+\.\d+/);
});

test('the audit policy: an unreachable endpoint is reported and passes; high or critical advisories fail; lower ones are listed', () => {
  const unreachable = readAudit(
    JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    }),
  );
  assert.equal(unreachable.fails, false);
  assert.match(
    unreachable.lines[0],
    /could not be reached \(405 Method Not Allowed.*\); no advisory data, the run continues$/,
  );

  const report = (severity: string) => ({
    auditReportVersion: 2,
    vulnerabilities: {
      'some-lib': {
        name: 'some-lib',
        severity,
        range: '<1.2.3',
        via: [
          { title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-xxxx', severity, range: '<1.2.3' },
        ],
      },
    },
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, [severity]: 1, total: 1 },
      dependencies: { prod: 120 },
    },
  });
  const high = readAudit(JSON.stringify(report('high')));
  assert.equal(high.fails, true);
  assert.deepEqual(high.lines, [
    'audit: high some-lib <1.2.3: Prototype pollution (https://github.com/advisories/GHSA-xxxx)',
    'audit: 0 critical, 1 high, 0 moderate, 0 low, 0 info among 120 production dependencies: high or critical advisories fail the run',
  ]);
  assert.equal(readAudit(JSON.stringify(report('critical'))).fails, true);
  const moderate = readAudit(JSON.stringify(report('moderate')));
  assert.equal(moderate.fails, false);
  assert.equal(moderate.lines.length, 2);
  assert.equal(readAudit('not json').fails, false);
});

/**
 * The Node versions of package.json's `engines` (the oldest it admits, and the one running) satisfy
 * every installed package's own `engines.node`: otherwise `npm ci` warns EBADENGINE and the package
 * may use what this Node lacks (undici 8, through Astro's unifont, needed Node 22: `overrides` pins 7).
 */
test('every package in the lockfile admits the Node versions the project declares (no EBADENGINE)', () => {
  const oldest = minVersion(manifest.engines.node);
  assert.ok(oldest, `package.json: /engines/node: ${manifest.engines.node} names no version`);
  const refused = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || range === undefined) return [];
    return [oldest.version, process.versions.node]
      .filter((version) => !satisfies(version, range))
      .map((version) => `${path}@${entry.version} needs Node ${range}, not ${version}`);
  });
  assert.deepEqual(refused, []);
});
