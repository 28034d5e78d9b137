/**
 * Issue 24: the record as the tools people already run find it, over the local server that
 * applies `_headers` as the host does. Pages and machine files are read and their `Link` headers
 * followed (RFC 8288); /.well-known/api-catalog is checked as an RFC 9264 linkset and every link in
 * it fetched. /openapi.json is read by the OpenAPI tools in openApiTools.test.ts, and the editor
 * schema catalog by VS Code's JSON language service in editorDiagnostics.test.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { linksWithRel } from '../support/linkHeader.ts';
import { DIST, REPOSITORY_ROOT, SITE_ORIGIN, assertBuilt, publicPath, walkFiles } from '../support/paths.ts';

let server: StaticServer;
before(async () => {
  assertBuilt();
  server = await startStaticServer(DIST);
});
after(() => server?.close());

/** A public URL of the record, as the local server serves it. */
const local = (url: string) => (url.startsWith(SITE_ORIGIN) ? server.url(url.slice(SITE_ORIGIN.length)) : url);
const mediaType = (response: Response) => (response.headers.get('content-type') ?? '').split(';')[0].trim();

/** GETs a same-origin link target: it must answer 200 with the media type the link announces. */
async function follow(link: { url: string; params: Record<string, string> }, from: string): Promise<string[]> {
  const response = await fetch(link.url, { redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== 200) return [`${from}: ${link.url} answers ${response.status}`];
  if (link.params.type && mediaType(response) !== link.params.type)
    return [`${from}: ${link.url} is ${mediaType(response)}, the link says ${link.params.type}`];
  return [];
}

test('every page links its Markdown and JSON mirrors, the manifest, llms.txt and the API catalog, and each answers 200 with its type', async () => {
  const problems: string[] = [];
  const pages = walkFiles(DIST)
    .map((file) => publicPath(file))
    .filter((path) => path.endsWith('/index.html'))
    .map((path) => path.replace(/index\.html$/, ''));
  assert.ok(pages.length > 100, `${pages.length} pages`);
  for (const page of pages) {
    const url = server.url(page);
    const response = await fetch(url, { method: 'HEAD' });
    const header = response.headers.get('link');
    const alternates = linksWithRel(header, 'alternate', url);
    const described = linksWithRel(header, 'describedby', url);
    const expected = [
      { list: alternates, url: server.url(`${page}index.md`), type: 'text/markdown' },
      { list: alternates, url: server.url(`${page}index.json`), type: 'application/json' },
      { list: described, url: server.url('/.well-known/uaix.json'), type: 'application/json' },
      { list: described, url: server.url('/llms.txt'), type: 'text/plain' },
      { list: linksWithRel(header, 'api-catalog', url), url: server.url('/.well-known/api-catalog') },
    ];
    for (const want of expected) {
      const found = want.list.find((link) => link.url === want.url);
      if (!found) problems.push(`${page}: no Link to ${want.url} (Link: ${header})`);
      else if (want.type && found.params.type !== want.type)
        problems.push(`${page}: Link to ${want.url} has type ${found.params.type}, not ${want.type}`);
    }
  }
  // Follow one page's links, and the shared ones once.
  const about = server.url('/en-us/about/');
  const header = (await fetch(about)).headers.get('link');
  for (const link of [...linksWithRel(header, 'alternate', about), ...linksWithRel(header, 'describedby', about)])
    problems.push(...(await follow(link, '/en-us/about/')));
  assert.deepEqual(problems, []);
});

/** Machine files without a schema of their own yet (named in the report of issue 24). */
const WITHOUT_SCHEMA = new Set(['/examples/uai-1/conformance.json', '/uai-1-field-registry.json']);

test('every JSON machine file links its schema (rel="describedby"), which answers 200 as application/schema+json', async () => {
  const problems: string[] = [];
  const files = walkFiles(DIST)
    .map((file) => publicPath(file))
    .filter((path) => /\.json$|^\/\.well-known\//.test(path) && !/^\/(pagefind|editions|_astro)\//.test(path));
  assert.ok(files.length > 200, `${files.length} machine files`);
  const schemas = new Set<string>();
  for (const path of files) {
    const url = server.url(path);
    const response = await fetch(url, { method: 'HEAD' });
    const links = linksWithRel(response.headers.get('link'), 'describedby', url);
    if (WITHOUT_SCHEMA.has(path)) {
      if (links.length) problems.push(`${path}: now links a schema; take it off WITHOUT_SCHEMA`);
      continue;
    }
    if (links.length !== 1) {
      problems.push(`${path}: ${links.length} describedby links`);
      continue;
    }
    const [link] = links;
    if (link.params.type !== 'application/schema+json') problems.push(`${path}: describedby type ${link.params.type}`);
    if (link.url.startsWith(server.origin)) schemas.add(link.url);
    // A document that names its own schema must be linked to that one.
    const text = readFileSync(join(DIST, path.slice(1)), 'utf8');
    let declared: unknown;
    try {
      declared = (JSON.parse(text) as { $schema?: unknown }).$schema;
    } catch {
      declared = undefined;
    }
    if (typeof declared === 'string' && local(declared) !== link.url)
      problems.push(`${path}: links ${link.url}, but its $schema is ${declared}`);
  }
  for (const schema of schemas)
    problems.push(...(await follow({ url: schema, params: { type: 'application/schema+json' } }, 'describedby')));
  // A packet fixture links its own profile's schema.
  const fixture = server.url('/examples/uai-1/uai-agent-ack-v1/invalid/correlation-malformed.json');
  const [profileSchema] = linksWithRel((await fetch(fixture)).headers.get('link'), 'describedby', fixture);
  assert.equal(profileSchema?.url, server.url('/schemas/uai-1/uai.agent.ack.v1.schema.json'));
  assert.deepEqual(problems, []);
});

interface LinksetTarget {
  href: string;
  type?: string;
}

test('/.well-known/api-catalog is an RFC 9727 linkset (RFC 9264 JSON) whose every link answers 200 with its type', async () => {
  const response = await fetch(server.url('/.well-known/api-catalog'));
  assert.equal(response.status, 200);
  assert.match(
    response.headers.get('content-type') ?? '',
    /^application\/linkset\+json; profile="https:\/\/www\.rfc-editor\.org\/info\/rfc9727"/,
  );
  const catalog = (await response.json()) as { linkset: Record<string, unknown>[] };
  // RFC 9264 section 4.2: an object with one member, linkset, an array of link context objects,
  // each an anchor plus relation types whose values are arrays of target objects with an href.
  assert.deepEqual(Object.keys(catalog), ['linkset']);
  assert.ok(Array.isArray(catalog.linkset) && catalog.linkset.length > 0);
  const targets: { rel: string; target: LinksetTarget }[] = [];
  for (const context of catalog.linkset) {
    assert.equal(typeof context.anchor, 'string');
    for (const [rel, value] of Object.entries(context)) {
      if (rel === 'anchor') continue;
      assert.ok(Array.isArray(value) && value.length > 0, `${rel} is an array of target objects`);
      for (const target of value as LinksetTarget[]) {
        assert.equal(typeof target.href, 'string', `${rel}: every target object has an href`);
        targets.push({ rel, target });
      }
    }
  }
  // The published schema of the catalog agrees.
  const schema = JSON.parse(readFileSync(join(DIST, 'schemas/site/api-catalog.schema.json'), 'utf8'));
  const validate = new Ajv2020({ strict: false }).compile(schema);
  assert.ok(validate(catalog), JSON.stringify(validate.errors));
  // RFC 9727 section 4.1: the catalog lists the APIs (item) and names their description (service-desc).
  const items = targets.filter((entry) => entry.rel === 'item').map((entry) => entry.target.href);
  for (const path of [
    '/.well-known/uaix.json',
    '/openapi.json',
    '/schema-catalog.json',
    '/schemas/uai-1/envelope.schema.json',
    '/examples/uai-1/conformance.json',
    '/uai-1-field-registry.json',
    '/routes/route_schema_fetch.json',
  ])
    assert.ok(items.includes(`${SITE_ORIGIN}${path}`), `the catalog lists ${path}`);
  assert.ok(
    targets.some((entry) => entry.rel === 'service-desc' && entry.target.href === `${SITE_ORIGIN}/openapi.json`),
  );
  const license = targets.find((entry) => entry.rel === 'license');
  const config = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'record.config.json'), 'utf8'));
  assert.equal(license?.target.href, config.license.url);
  const problems: string[] = [];
  for (const { rel, target } of targets) {
    if (!target.href.startsWith(SITE_ORIGIN)) continue;
    problems.push(...(await follow({ url: local(target.href), params: { type: target.type ?? '' } }, rel)));
  }
  assert.deepEqual(problems, []);
});
