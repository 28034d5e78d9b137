/**
 * /openapi.json as the built dist/ serves it, read by the tools its readers run, each offline (no
 * connection may leave the process: tests/support/offline.ts): swagger-parser validates it,
 * `redocly lint --extends recommended` (with the record's redocly.yaml) reports nothing,
 * openapi-typescript's output compiles under `tsc --strict`, and every published fixture is a URL
 * the description documents, while every other value of its parameters is a documented 404.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { refuseNetwork } from '../support/offline.ts';
import { DIST, REPOSITORY_ROOT, assertBuilt, publicPath, walkFiles } from '../support/paths.ts';

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  'x-uaix-fallbacks': Record<string, unknown>;
}
interface Description {
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, unknown> };
}

let server: StaticServer;
let text: string;
before(async () => {
  assertBuilt();
  server = await startStaticServer(DIST);
  const response = await fetch(server.url('/openapi.json'));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type')?.split(';')[0], 'application/vnd.oai.openapi+json');
  text = await response.text();
});
after(() => server?.close());

/** A fresh copy: the tools dereference the object they are given in place. */
const description = (): Description => JSON.parse(text) as Description;

/** Runs a tool's command offline as its users run it, `node <bin> …` (bin in the repository), with a time limit. */
function runOffline(bin: string, args: readonly string[], cwd: string) {
  const result = spawnSync(
    process.execPath,
    [
      // tsx by its URL: the command may run in a folder with no node_modules.
      ...['--import', import.meta.resolve('tsx'), '--import', join(REPOSITORY_ROOT, 'tests/support/offlinePreload.ts')],
      join(REPOSITORY_ROOT, bin),
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const attempts = result.stderr.split('\n').filter((line) => line.startsWith('uaix-offline: '));
  return { ...result, attempts };
}

test('/openapi.json: swagger-parser validates it offline, every $ref inside the description; one operation per GET route with its fallbacks', async () => {
  const guard = refuseNetwork();
  let api: Description;
  try {
    api = (await SwaggerParser.validate(description() as never)) as unknown as Description;
  } finally {
    guard.restore();
  }
  assert.deepEqual(guard.attempts, [], 'swagger-parser tried the network');
  const references = [...text.matchAll(/"\$ref": "([^"]*)"/g)].map(([, ref]) => ref);
  assert.ok(references.length > 50, `${references.length} references`);
  assert.deepEqual(
    references.filter((ref) => !ref.startsWith('#/components/schemas/')),
    [],
    'every reference is a component of the description',
  );
  const routes = walkFiles(join(REPOSITORY_ROOT, 'content/routes')).map(
    (file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
  );
  for (const route of routes.filter((record) => record.method === 'GET')) {
    const operation = api.paths[route.path as string]?.get;
    assert.ok(operation, `${route.route_id}: an operation at ${route.path}`);
    assert.equal(operation.operationId, route.route_id);
    const fallbacks = operation['x-uaix-fallbacks'];
    assert.deepEqual(fallbacks.lowest_safe_fallback ?? null, route.lowest_safe_fallback, `${route.route_id}`);
    assert.equal(fallbacks.human_review_url, route.human_review_url);
  }
});

test('/openapi.json: redocly lint with the recommended rules and the record’s redocly.yaml reports no problem', () => {
  const result = runOffline(
    'node_modules/@redocly/cli/bin/cli.js',
    ['lint', '--extends', 'recommended', '--config', 'redocly.yaml', '--format', 'json', join(DIST, 'openapi.json')],
    REPOSITORY_ROOT,
  );
  const report = JSON.parse(result.stdout) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  assert.deepEqual(
    report.problems.map(
      (problem) => `${problem.severity} ${problem.location[0]?.pointer}: ${problem.message} [${problem.ruleId}]`,
    ),
    [],
  );
  assert.deepEqual(result.attempts, [], 'redocly tried the network');
  assert.equal(result.status, 0, result.stderr);
});

test('/openapi.json: openapi-typescript’s output compiles under tsc --strict and types every schema of the record', async () => {
  const guard = refuseNetwork();
  let source: string;
  try {
    source = astToString(await openapiTS(description() as never));
  } finally {
    guard.restore();
  }
  assert.deepEqual(guard.attempts, [], 'openapi-typescript tried the network');
  const schemas = walkFiles(join(REPOSITORY_ROOT, 'schemas/uai-1'))
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.slice(file.lastIndexOf('/') + 1, -'.schema.json'.length));
  // A component's key is quoted where it is no identifier (`"uai.agent.ack.v1": {`, `envelope: {`).
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
  for (const name of schemas) assert.ok(source.includes(` ${key(name)}: {`), `a type for ${name}`);
  const folder = mkdtempSync(join(tmpdir(), 'uaix-openapi-'));
  try {
    writeFileSync(join(folder, 'openapi.ts'), source);
    const result = runOffline(
      'node_modules/typescript/bin/tsc',
      ['--strict', '--noEmit', '--target', 'es2022', '--module', 'esnext', 'openapi.ts'],
      folder,
    );
    assert.equal(result.stdout + result.stderr, '');
    assert.deepEqual(result.attempts, [], 'tsc tried the network');
    assert.equal(result.status, 0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Every URL a path template stands for, each parameter taking each value of its enum. */
function expand(template: string, parameters: Operation['parameters'] = []): string[] {
  let urls = [template];
  for (const parameter of parameters.filter((entry) => entry.in === 'path')) {
    assert.ok(parameter.schema.enum?.length, `${template}: {${parameter.name}} lists its values`);
    urls = urls.flatMap((url) => parameter.schema.enum!.map((value) => url.replace(`{${parameter.name}}`, value)));
  }
  return urls;
}

test('/openapi.json: every published fixture is a documented URL; every other value of a path parameter answers 404, which each operation documents', async () => {
  const { paths } = description();
  const documented = new Map<string, string>();
  for (const [template, { get }] of Object.entries(paths)) {
    const mediaType = Object.keys(get.responses['200'].content ?? {})[0];
    for (const url of expand(template, get.parameters)) documented.set(url, mediaType);
  }
  const fixtures = walkFiles(join(DIST, 'examples/uai-1')).map((file) => publicPath(file));
  assert.ok(fixtures.length > 100, `${fixtures.length} fixture files`);
  assert.deepEqual(
    fixtures.filter((path) => !documented.has(path)),
    [],
    'fixtures with no documented path',
  );
  assert.deepEqual(
    Object.keys(paths).filter((template) => !paths[template].get.responses['404']),
    [],
    'operations without a documented 404',
  );
  const published = new Set(fixtures);
  const problems: string[] = [];
  let missing = 0;
  for (const [url, mediaType] of documented) {
    const response = await fetch(server.url(url), { method: 'HEAD' });
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    if (published.has(url) && (response.status !== 200 || type !== mediaType))
      problems.push(`${url}: ${response.status} ${type}, documented 200 ${mediaType}`);
    if (!published.has(url) && url.startsWith('/examples/')) {
      missing += 1;
      if (response.status !== 404) problems.push(`${url}: ${response.status}, documented 404`);
    }
  }
  for (const url of ['/examples/uai-1/uai-agent-ack-v1/no-such-name.json', '/schemas/uai-1/no-such.schema.json']) {
    const response = await fetch(server.url(url), { method: 'HEAD' });
    if (response.status !== 404) problems.push(`${url}: ${response.status}, documented 404`);
  }
  assert.deepEqual(problems, []);
  assert.ok(missing > 0, 'some documented combinations are not published, and answer 404');
});
