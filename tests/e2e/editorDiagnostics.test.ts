/**
 * What an editor shows a packet's author: VS Code's JSON language service (vscode-json-languageservice,
 * the engine of VS Code's JSON support), given the published schema catalog over HTTP as VS Code's
 * `json.schemas` setting would be, and every published fixture under the file name the catalog matches.
 * Each invalid fixture that the published schemas alone reject (a plain JSON Schema 2020-12 validator,
 * ajv, decides which) must get a diagnostic at the place its expectation names; each valid one none.
 * The profile schemas compose the envelope with `allOf`: a `$ref` beside other keywords is valid
 * 2020-12, but this service (like other draft-7-era tools) applies only the `$ref` and drops the rest.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import languageService, { type ASTNode } from 'vscode-json-languageservice';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, REPOSITORY_ROOT, SITE_ORIGIN, assertBuilt } from '../support/paths.ts';

const { getLanguageService, TextDocument } = languageService;

let server: StaticServer;
before(async () => {
  assertBuilt();
  server = await startStaticServer(DIST);
});
after(() => server?.close());

const local = (url: string) =>
  url.startsWith(SITE_ORIGIN) ? server.url(url.slice(SITE_ORIGIN.length)) : url.startsWith('/') ? server.url(url) : url;
const getText = async (url: string) => {
  const answer = await fetch(local(url));
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
};

interface Fixture {
  kind: 'packet' | 'route-record';
  name: string;
  group: string;
  verdict: 'valid' | 'invalid';
  url: string;
  expected: { code: string; path: string } | null;
}

/** The value node at a JSON Pointer; when a member is absent, the node of its nearest present ancestor. */
function placeOf(root: ASTNode | undefined, pointer: string): { node: ASTNode; present: boolean } {
  let node = root!;
  for (const token of pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    const next =
      node.type === 'object'
        ? node.properties.find((property) => property.keyNode.value === token)?.valueNode
        : node.type === 'array'
          ? node.items[Number(token)]
          : undefined;
    if (!next) return { node, present: false };
    node = next;
  }
  return { node, present: true };
}

test('VS Code’s JSON language service flags every schema-catchable invalid fixture at its place and no valid one', async () => {
  const catalog = JSON.parse(await getText('/schema-catalog.json')) as {
    schemas: { url: string; fileMatch: string[] }[];
  };
  const schemaTexts = new Map<string, string>();
  for (const entry of catalog.schemas) schemaTexts.set(entry.url, await getText(entry.url));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const text of schemaTexts.values()) ajv.addSchema(JSON.parse(text));

  const fetched: string[] = [];
  const service = getLanguageService({
    workspaceContext: { resolveRelativePath: (path, resource) => new URL(path, resource).href },
    schemaRequestService: (uri) => {
      fetched.push(uri);
      return getText(uri);
    },
  });
  service.configure({
    validate: true,
    schemas: catalog.schemas.map((entry) => ({ uri: entry.url, fileMatch: entry.fileMatch })),
  });
  const envelope = catalog.schemas.find((entry) => entry.fileMatch.includes('*.uai.json'))!;
  const route = catalog.schemas.find((entry) => entry.url.endsWith('/route-record.schema.json'))!;
  assert.ok(envelope && route, 'the catalog names the envelope and the route record');
  /** The catalog entry a file of this content is saved under: the profile's schema when the catalog has one. */
  const entryFor = (fixture: Fixture, value: unknown) => {
    if (fixture.kind === 'route-record') return route;
    const profile = (value as { profile?: unknown }).profile;
    return catalog.schemas.find((entry) => entry.url.endsWith(`/${String(profile)}.schema.json`)) ?? envelope;
  };

  const { fixtures } = JSON.parse(await getText('/examples/uai-1/conformance.json')) as { fixtures: Fixture[] };
  const problems: string[] = [];
  let catchable = 0;
  let valid = 0;
  for (const fixture of fixtures) {
    const text = await getText(fixture.url);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue; // not JSON at all: the editor's parser reports it, no schema involved
    }
    if (Array.isArray(value) || value === null || typeof value !== 'object') continue; // the keyless form: no schema describes it
    const entry = entryFor(fixture, value);
    const schemaRejects = !ajv.validate(entry.url, value);
    if (fixture.verdict === 'invalid' && !schemaRejects) continue; // a rule beyond the schemas: not the editor's to see
    const document = TextDocument.create(
      `file:///work/${entry.fileMatch[0].replace('*', fixture.name)}`,
      'json',
      1,
      text,
    );
    const parsed = service.parseJSONDocument(document);
    const diagnostics = await service.doValidation(document, parsed, { schemaValidation: 'error' });
    const where = `${fixture.group}/${fixture.verdict}/${fixture.name}`;
    if (fixture.verdict === 'valid') {
      valid++;
      if (diagnostics.length > 0) problems.push(`${where}: ${diagnostics.map((d) => d.message).join('; ')}`);
      continue;
    }
    catchable++;
    const { node } = placeOf(parsed.root, fixture.expected!.path);
    // The member's whole property, key included: VS Code underlines the key of an undeclared member, and
    // reports a missing member on the object that lacks it (the nearest present ancestor).
    const span = node.parent?.type === 'property' ? node.parent : node;
    const hit = diagnostics.some((diagnostic) => {
      const start = document.offsetAt(diagnostic.range.start);
      return start >= span.offset && start < span.offset + span.length;
    });
    if (!hit) {
      const line = document.positionAt(node.offset).line + 1;
      problems.push(
        `${where}: no diagnostic at ${fixture.expected!.path} (line ${line}); got ${JSON.stringify(
          diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`),
        )}`,
      );
    }
  }
  // The seed packet (the user's own, saved as a reply file) is clean, checked against its profile's schema.
  const seed = readFileSync(join(REPOSITORY_ROOT, 'tests/fixtures/seeds/uai.agent.ack.v1.keyed.json'), 'utf8');
  const seedDocument = TextDocument.create('file:///work/reply.uai-agent-ack-v1.uai.json', 'json', 1, seed);
  const seedDiagnostics = await service.doValidation(seedDocument, service.parseJSONDocument(seedDocument), {
    schemaValidation: 'error',
  });
  if (seedDiagnostics.length > 0) problems.push(`the seed packet: ${seedDiagnostics.map((d) => d.message).join('; ')}`);
  assert.ok(
    fetched.some((uri) => uri.endsWith('/uai.agent.ack.v1.schema.json')),
    'the profile schema was fetched',
  );
  assert.ok(catchable >= 40, `${catchable} invalid fixtures the schemas reject`);
  assert.ok(valid >= 15, `${valid} valid fixtures`);
  assert.deepEqual(problems, []);
});
