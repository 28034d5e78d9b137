/**
 * The client ladder and the resolver: the ten kinds are the content's ladder rows, the site's routes
 * resolve as their records say, and — across every kind, every site route, every valid route fixture
 * and variants of them with fallbacks removed or capabilities withdrawn — the resolver never returns a
 * step that needs a capability the client lacks, and takes the highest path exactly when it can.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadSchemaDocuments, loadRouteFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { loadRouteRecordFiles } from '../../src/record/machine/node/routeFiles.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';
import {
  CAPABILITIES,
  CAPABILITY_LABELS,
  FALLBACK_FIELDS,
  highestPathNeeds,
  type Capability,
  type RouteRecord,
} from '../../src/uai/routeVocabulary.ts';
import {
  CLIENT_KINDS,
  CLIENT_PROFILES,
  STEP_TIER,
  UnknownClientKindError,
  chooseStep,
  clientCapabilities,
  resolveRoute,
  type ClientKind,
  type ResolveOptions,
} from '../../src/uai/clientLadder.ts';

const checker = createRouteChecker(loadSchemaDocuments());

function valid(bytes: Uint8Array, name: string): RouteRecord {
  const report = checker.checkBytes(bytes);
  assert.ok(report.record, `${name} is a valid route record: ${JSON.stringify(report.errors)}`);
  return report.record;
}

const siteRoutes = new Map(loadRouteRecordFiles().map((file) => [file.name, valid(file.bytes, file.file)]));
const fixtureRoutes = new Map(
  loadRouteFixtureTree()
    .fixtures.filter((fixture) => fixture.verdict === 'valid')
    .map((fixture) => [fixture.name, valid(fixture.bytes, fixture.file)]),
);

/** Every valid record we can build from a real one by setting one fallback field to null. */
function withoutOneFallback(record: RouteRecord): RouteRecord[] {
  return FALLBACK_FIELDS.filter((field) => record[field] !== null)
    .map((field) => ({ ...structuredClone(record), [field]: null }))
    .filter((variant) => checker.checkValue(variant).valid);
}

const allRoutes: RouteRecord[] = [...siteRoutes.values(), ...fixtureRoutes.values()];
const variants: RouteRecord[] = [...allRoutes, ...allRoutes.flatMap(withoutOneFallback)];

test('the ten client kinds are the ladder rows of content/client-ladder/en-us.json, in order, with their labels', () => {
  const ladder = JSON.parse(readFileSync(new URL('../../content/client-ladder/en-us.json', import.meta.url), 'utf8'));
  assert.deepEqual(
    ladder.rows.map((row: { client: string }) => row.client),
    [...CLIENT_KINDS],
  );
  for (const row of ladder.rows) assert.equal(CLIENT_PROFILES[row.client as ClientKind].label, row.label);
});

test('capabilities are data: every kind fetches static URLs, and only its ladder row adds more', () => {
  for (const kind of CLIENT_KINDS) {
    const { capabilities } = CLIENT_PROFILES[kind];
    assert.ok(capabilities.includes('static-get'), `${kind} can GET static pages`);
    for (const capability of capabilities)
      assert.ok(CAPABILITIES.includes(capability), `${capability} is a capability`);
  }
  assert.deepEqual(clientCapabilities('url-only-chatbot'), ['static-get']);
  assert.deepEqual(clientCapabilities('indexed-fetcher'), ['static-get']);
  assert.equal(clientCapabilities('json-post-agent').includes('javascript'), false);
  assert.deepEqual(clientCapabilities('authenticated-owner-agent', { unavailable: ['credentials'] }), [
    'static-get',
    'uri-template',
    'live-get',
    'post',
  ]);
  // Only kinds that build their own requests fill in URI templates.
  const templating = CLIENT_KINDS.filter((kind) => clientCapabilities(kind).includes('uri-template'));
  assert.deepEqual(
    CLIENT_KINDS.filter((kind) => !templating.includes(kind)),
    ['url-only-chatbot', 'indexed-fetcher', 'browser-agent'],
  );
});

test('site routes: what each kind does (decisions and targets come from the records)', () => {
  const validator = siteRoutes.get('route_validator')!;
  // Without JavaScript: the static section of the same page (CLI command, schemas, fixtures, review route).
  assert.match(validator.lowest_safe_fallback?.url ?? '', /^\/en-us\/tools\/validator\/#/);
  for (const kind of CLIENT_KINDS) {
    const result = resolveRoute(validator, kind);
    if (kind === 'browser-agent')
      assert.deepEqual([result.decision, result.target], ['highest', '/en-us/tools/validator/']);
    else
      assert.deepEqual(
        [result.decision, result.target, result.via],
        ['fallback', validator.lowest_safe_fallback?.url, 'lowest_safe_fallback'],
        kind,
      );
  }
  for (const name of ['route_review', 'route_conformance_pack']) {
    const record = siteRoutes.get(name)!;
    for (const kind of CLIENT_KINDS) {
      const result = resolveRoute(record, kind);
      assert.deepEqual([result.decision, result.target], ['highest', record.path], `${name} × ${kind}`);
    }
  }
  // A templated path goes only to clients that can fill it in; the others get the concrete listing page.
  for (const [name, listing] of [
    ['route_schema_fetch', '/en-us/schemas/'],
    ['route_fixture_fetch', '/en-us/examples/'],
  ] as const) {
    const record = siteRoutes.get(name)!;
    assert.match(record.path, /\{/, `${name} is a template`);
    for (const kind of CLIENT_KINDS) {
      const result = resolveRoute(record, kind);
      if (clientCapabilities(kind).includes('uri-template'))
        assert.deepEqual([result.decision, result.target], ['highest', record.path], `${name} × ${kind}`);
      else
        assert.deepEqual(
          [result.decision, result.target, result.via],
          ['fallback', listing, 'lowest_safe_fallback'],
          `${name} × ${kind}`,
        );
    }
  }
});

test('fixture routes: step down to the field that matches the missing capability', () => {
  const decide = (name: string, kind: ClientKind, options?: ResolveOptions) => {
    const { decision, via } = resolveRoute(fixtureRoutes.get(name)!, kind, options);
    return `${decision}:${via}`;
  };
  const post = 'authenticated-post-with-fallbacks';
  assert.equal(decide(post, 'authenticated-owner-agent'), 'highest:path');
  assert.equal(decide(post, 'json-post-agent'), 'fallback:auth_unavailable_fallback');
  assert.equal(decide(post, 'url-only-chatbot'), 'fallback:post_blocked_fallback');
  assert.equal(
    decide(post, 'authenticated-owner-agent', { unavailable: ['credentials'] }),
    'fallback:auth_unavailable_fallback',
  );
  // The owners' browser form needs credentials, so a browser agent without them never gets it.
  assert.equal(decide(post, 'browser-agent'), 'fallback:post_blocked_fallback');
  assert.equal(decide('browser-form-for-post', 'browser-agent'), 'fallback:post_blocked_fallback');
  assert.equal(decide('browser-form-for-post', 'url-only-chatbot'), 'fallback:lowest_safe_fallback');
  assert.equal(decide('mcp-tool-with-fallbacks', 'mcp-server-system'), 'highest:path');
  assert.equal(decide('mcp-tool-with-fallbacks', 'mcp-client'), 'fallback:tool_unavailable_fallback');
  assert.equal(decide('mcp-tool-with-fallbacks', 'a2a-peer'), 'fallback:mcp_unavailable_fallback');
  assert.equal(
    decide('mcp-tool-with-fallbacks', 'mcp-server-system', { unavailable: ['mcp-tools'] }),
    'fallback:tool_unavailable_fallback',
  );
  assert.equal(decide('a2a-delegation-with-capability-statement', 'a2a-peer'), 'highest:path');
  assert.equal(
    decide('a2a-delegation-with-capability-statement', 'multi-agent-runtime'),
    'fallback:lowest_safe_fallback',
  );
  assert.equal(decide('live-get-with-static-snapshot', 'indexed-fetcher'), 'fallback:live_get_blocked_fallback');
  assert.equal(decide('live-get-with-static-snapshot', 'browser-agent'), 'highest:path');
  assert.equal(decide('restore-readback-lookup', 'restore-readback-agent'), 'highest:path');
  // Without restore/readback, a client with live GET still gets the static index the cached readers
  // get, not only review.
  assert.equal(decide('restore-readback-lookup', 'url-only-chatbot'), 'fallback:live_get_blocked_fallback');
  assert.equal(decide('restore-readback-lookup', 'browser-agent'), 'fallback:live_get_blocked_fallback');
  assert.equal(decide('restore-readback-lookup', 'json-post-agent'), 'fallback:live_get_blocked_fallback');
  assert.equal(decide('uri-template-with-listing', 'indexed-fetcher'), 'fallback:lowest_safe_fallback');
  assert.equal(decide('uri-template-with-listing', 'mcp-client'), 'highest:path');
  assert.equal(decide('script-only-no-op', 'browser-agent'), 'highest:path');
  const noOp = resolveRoute(fixtureRoutes.get('script-only-no-op')!, 'url-only-chatbot');
  assert.deepEqual([noOp.decision, noOp.target], ['no-op', fixtureRoutes.get('script-only-no-op')!.human_review_url]);
  assert.match(noOp.reason, /JavaScript/);
});

/** Every subset of `set`, as arrays in `set`'s order. */
function subsets<T>(set: readonly T[]): T[][] {
  return Array.from({ length: 2 ** set.length }, (_, mask) => set.filter((_, bit) => mask & (1 << bit)));
}

/** Every step a record names, with what it needs: the highest path, each fallback field, and the no-op. */
function stepsOf(record: RouteRecord): { via: keyof typeof STEP_TIER; target: string | null; needs: Capability[] }[] {
  return [
    { via: 'path', target: record.path, needs: highestPathNeeds(record) },
    ...FALLBACK_FIELDS.flatMap((field) =>
      record[field] ? [{ via: field, target: record[field]!.url, needs: record[field]!.needs }] : [],
    ),
    { via: 'human_review_url', target: record.human_review_url, needs: ['static-get'] },
  ];
}

test('property: every route × every capability set gets the highest step it can take, never a template it cannot fill, and more capability never lands lower', () => {
  const optional = CAPABILITIES.filter((capability) => capability !== 'static-get');
  let resolutions = 0;
  const decisions = new Set<string>();
  for (const record of variants) {
    const needs = highestPathNeeds(record);
    const steps = stepsOf(record);
    // Indexed by the bit mask of `optional`, so the monotonicity check reads the neighbour's result.
    const byMask = subsets(optional).map((extra) => {
      const has: Capability[] = ['static-get', ...extra];
      const step = chooseStep(record, has);
      const where = `${record.route_id} with ${has.join(', ')}`;
      resolutions++;
      decisions.add(step.decision);
      for (const capability of step.needs)
        assert.ok(has.includes(capability), `${where}: ${step.via} needs ${capability}`);
      if (!has.includes('uri-template'))
        assert.ok(!step.target?.includes('{'), `${where}: ${step.target} is a template`);
      const missing = needs.filter((capability) => !has.includes(capability));
      assert.deepEqual(step.missing, missing, where);
      assert.equal(step.decision === 'highest', missing.length === 0, where);
      // The highest step whose needs the client meets: no step it can take sits higher on the ladder.
      const reachable = steps.filter((candidate) => candidate.needs.every((capability) => has.includes(capability)));
      assert.equal(
        STEP_TIER[step.via],
        Math.min(...reachable.map((candidate) => STEP_TIER[candidate.via])),
        `${where}: took ${step.via}`,
      );
      assert.ok(
        steps.some((candidate) => candidate.via === step.via && candidate.target === step.target),
        `${where}: the target is the one the record names for ${step.via}`,
      );
      return step;
    });
    byMask.forEach((step, mask) => {
      optional.forEach((capability, bit) => {
        if (mask & (1 << bit)) return;
        const richer = byMask[mask | (1 << bit)];
        assert.ok(
          STEP_TIER[richer.via] <= STEP_TIER[step.via],
          `${record.route_id}: adding ${capability} to mask ${mask} moves ${step.via} down to ${richer.via}`,
        );
      });
    });
  }
  assert.deepEqual([...decisions].sort(), ['fallback', 'highest', 'no-op'], 'the variants reach all three decisions');
  assert.ok(resolutions > 40_000, `${resolutions} resolutions`);
});

test('property: every kind × every subset of its capabilities resolves as chooseStep does, with one sentence naming what it lacks', () => {
  let resolutions = 0;
  for (const record of variants) {
    for (const kind of CLIENT_KINDS) {
      const own = clientCapabilities(kind);
      for (const unavailable of subsets(own.filter((capability) => capability !== 'static-get'))) {
        const has = clientCapabilities(kind, { unavailable });
        const result = resolveRoute(record, kind, { unavailable });
        const { missing, ...step } = chooseStep(record, has);
        const where = `${record.route_id} × ${kind}${unavailable.length ? ` without ${unavailable}` : ''}`;
        resolutions++;
        assert.deepEqual(
          { decision: result.decision, target: result.target, via: result.via, needs: result.needs },
          step,
          where,
        );
        assert.match(result.reason, /^[A-Z][^\n]*\.$/, where);
        for (const capability of missing)
          assert.ok(result.reason.includes(CAPABILITY_LABELS[capability]), `${where}: reason names ${capability}`);
      }
    }
  }
  assert.ok(resolutions > 1000, `${resolutions} resolutions`);
});

test('unknown client kind: an error that lists the ten kinds', () => {
  assert.throws(
    () => resolveRoute(siteRoutes.get('route_review')!, 'telepathic-agent'),
    (error: unknown) =>
      error instanceof UnknownClientKindError && CLIENT_KINDS.every((kind) => error.message.includes(kind)),
  );
});
