/**
 * Generated sentences from catalog templates (issue 40): the resolver's reason and a classified
 * change's detail in the page's language, their values filled in (names and ids as code, escaped;
 * capabilities by their catalog names, listed the language's way), and in English, marked, where a
 * template is not translated. The English of both is the core's own sentence, word for word.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reasonHtml, changeDetailHtml, type PageCatalog } from '../../../src/site/catalogHtml.ts';
import { resolveRoute, routeReasonParts } from '../../../src/uai/clientLadder.ts';
import { changeDetailText, countDetail, type ChangeDetail } from '../../../src/record/editions/changeRules.ts';
import { loadCheckedRouteRecords } from '../../../src/record/machine/node/routeFiles.ts';
import { pluralKey } from '../../../src/record/model/pluralForms.ts';

const french: Record<string, string> = {
  'resolver.reason.fallback':
    'Le chemin le plus élevé demande {missing}, dont le client « {client} » ne dispose pas : il emprunte donc {field}, qui ne demande que {needs}.',
  'capability.javascript': 'JavaScript',
  'capability.static-get': 'GET de pages statiques',
  'change.detail.was-now': '{was} dans {previous}, {now} désormais',
  'change.detail.expectation.code': '{verdict}, {code} en {path}',
  'change.detail.count.packet.other': '{count} paquets',
};
const english: Record<string, string> = {
  'resolver.reason.no-op': 'The highest path needs {missing}, which the {client} lacks, and …',
  'change.detail.expectation.verdict': '{verdict}',
  'change.detail.packets-tightened.other': '{packets} valid in {previous} now fail with {code} ({which})',
};
/** A French page's catalog: French where `french` has the key, else the English, not translated. */
const catalog: PageCatalog = (key, count) => {
  const form = count === undefined ? key : pluralKey(key, count, 'fr-FR');
  return form in french
    ? { text: french[form]!, translated: true }
    : { text: english[form] ?? form, translated: false };
};

const validator = loadCheckedRouteRecords().files.find((route) => route.routeId === 'route_validator')!.record;

test('a resolver reason in French: the ladder name, the field as code, the capabilities in French', () => {
  const parts = routeReasonParts(validator, 'url-only-chatbot');
  assert.equal(parts.decision, 'fallback');
  const reason = reasonHtml(parts, resolveRoute(validator, 'url-only-chatbot').reason, {
    clientLabel: 'Chatbot limité aux URL <b>',
    text: catalog,
    locale: 'fr-fr',
  });
  assert.deepEqual(reason, {
    html: 'Le chemin le plus élevé demande JavaScript, dont le client « Chatbot limité aux URL &lt;b&gt; » ne dispose pas : il emprunte donc <code>lowest_safe_fallback</code>, qui ne demande que GET de pages statiques.',
    translated: true,
  });
});

test("a reason whose template is not translated is the resolver's English sentence, marked; on an English page, unmarked", () => {
  const kind = 'url-only-chatbot';
  const review = loadCheckedRouteRecords().files.find((route) => route.routeId === 'route_review')!.record;
  const parts = { ...routeReasonParts(review, kind), decision: 'no-op' as const };
  const sentence = 'The highest path needs nothing & more.';
  const page = { clientLabel: 'Chatbot', text: catalog };
  assert.deepEqual(reasonHtml(parts, sentence, { ...page, locale: 'fr-fr' }), {
    html: '<span lang="en-US">The highest path needs nothing &amp; more.</span>',
    translated: false,
  });
  assert.deepEqual(reasonHtml(parts, sentence, { ...page, locale: 'en-us' }), {
    html: 'The highest path needs nothing &amp; more.',
    translated: true,
  });
});

test('a change detail in French, nested details from their own templates; an untranslated part in English, marked; an untranslated detail English throughout', () => {
  const levels: ChangeDetail = { id: 'was-now', values: { was: 'MAY', previous: '2026-12-01', now: 'MUST' } };
  assert.equal(changeDetailText(levels), 'MAY in 2026-12-01, MUST now');
  // The levels in the page's own key words, as its requirements write them; other values stay code.
  const frenchLevel = (level: string) => ({ MAY: 'PEUT', MUST: 'DOIT' })[level] ?? level;
  assert.deepEqual(changeDetailHtml(levels, catalog, frenchLevel), {
    html: 'PEUT dans <code>2026-12-01</code>, DOIT désormais',
    translated: true,
  });
  const expectations: ChangeDetail = {
    id: 'was-now',
    values: {
      was: { id: 'expectation.verdict', values: { verdict: 'valid' } },
      previous: 'E',
      now: { id: 'expectation.code', values: { verdict: 'invalid', code: 'UAI-X', path: '/a' } },
    },
  };
  assert.equal(changeDetailText(expectations), 'valid in E, invalid UAI-X at /a now');
  assert.deepEqual(changeDetailHtml(expectations, catalog, frenchLevel), {
    html: '<span lang="en-US"><code>valid</code></span> dans <code>E</code>, <code>invalid</code>, <code>UAI-X</code> en <code>/a</code> désormais',
    translated: false,
  });
  const tightened: ChangeDetail = {
    id: 'packets-tightened',
    count: 3,
    values: { packets: countDetail(3, 'packet'), previous: 'E', code: 'UAI-X', which: 'x' },
  };
  assert.equal(changeDetailText(tightened), '3 packets valid in E now fail with UAI-X (x)');
  assert.equal(
    changeDetailHtml(tightened, catalog, frenchLevel).html,
    '<span lang="en-US">3 packets valid in <code>E</code> now fail with <code>UAI-X</code> (<code>x</code>)</span>',
  );
});
