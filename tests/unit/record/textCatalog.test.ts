/**
 * The catalog of generated strings: a translated entry's key must be an English key, its
 * placeholders the English string's (in any order), its digest the English string's (else it is
 * pending and the page shows the English); each finding is one line naming the file, the key as a
 * JSON Pointer and the rule. The committed catalogs read cleanly and translate what the validator
 * page needs most in every translated locale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  catalogDigest,
  catalogFindings,
  catalogText,
  placeholdersOf,
  type LocaleCatalog,
} from '../../../src/record/model/textCatalog.ts';
import { formatProblem } from '../../../src/uai/problem.ts';
import { neededPluralCategories, pluralParts } from '../../../src/record/model/pluralForms.ts';
import { localeOf } from '../../../src/record/model/locales.ts';
import { loadCatalogs } from '../../../src/record/content/node/catalogFiles.ts';
import { englishCatalog, routeProse as routeProseOf } from '../../../src/record/model/catalogSource.ts';
import { changeCatalogStrings } from '../../../src/record/editions/changeRules.ts';
import { loadRecordModel } from '../../../src/record/model/node/loadRecordModel.ts';
import { loadCheckedRouteRecords } from '../../../src/record/machine/node/routeFiles.ts';
import { ERROR_CODES, WARNING_CODES } from '../../../src/uai/errorCodes.ts';
import { ISSUE_MESSAGES } from '../../../src/uai/issueText.ts';

const english = {
  'code.UAI-EXPIRED.rule': 'delivery.expires_at is not before the time of validation.',
  'validator.message.expired': 'the packet expired at {expires_at} (validated at {now})',
  'fixture.uai-agent-ack-v1/invalid/expired.why': 'the packet is past its expiry',
};
const FILE = 'content/catalog/fr-fr.json';
const entry = (key: keyof typeof english, text: string) => ({ text, source: catalogDigest(english[key]) });

test('a current entry with the same placeholders, in another order, is clean and shown translated', () => {
  const catalog: LocaleCatalog = {
    locale: 'fr-fr',
    file: FILE,
    entries: {
      'validator.message.expired': entry('validator.message.expired', 'validé le {now}, expiré le {expires_at}'),
    },
  };
  assert.deepEqual(catalogFindings(english, catalog), { problems: [], pending: [] });
  assert.deepEqual(catalogText(english, catalog, 'validator.message.expired'), {
    text: 'validé le {now}, expiré le {expires_at}',
    translated: true,
  });
  assert.deepEqual(placeholdersOf('{b} {a} {b}'), ['a', 'b']);
});

test('an unknown key, a placeholder mismatch and a stale digest: one line each, with file, pointer and rule', () => {
  const catalog: LocaleCatalog = {
    locale: 'fr-fr',
    file: FILE,
    entries: {
      'code.UAI-GONE.rule': { text: 'Disparu.', source: catalogDigest('Gone.') },
      'validator.message.expired': entry('validator.message.expired', 'le paquet a expiré le {expires_at} ({when})'),
      'fixture.uai-agent-ack-v1/invalid/expired.why': {
        text: 'le paquet a expiré',
        source: catalogDigest('old English'),
      },
    },
  };
  const { problems, pending } = catalogFindings(english, catalog);
  assert.deepEqual(problems.map(formatProblem), [
    `${FILE} /code.UAI-GONE.rule/text: the key "code.UAI-GONE.rule" names no English string; remove it [catalog-unknown-key]`,
    `${FILE} /validator.message.expired/text: placeholders {expires_at, when} differ from the English string's {expires_at, now} [catalog-placeholders]`,
  ]);
  assert.deepEqual(pending.map(formatProblem), [
    `${FILE} /fixture.uai-agent-ack-v1~1invalid~1expired.why/source: the English string changed after this translation: it shows in English until retranslated and restamped [catalog-stale]`,
  ]);
  // A stale translation is never shown: the English is, marked as not translated.
  assert.deepEqual(catalogText(english, catalog, 'fixture.uai-agent-ack-v1/invalid/expired.why'), {
    text: 'the packet is past its expiry',
    translated: false,
  });
});

test('the committed catalogs read cleanly, are current, and translate every error code and validator message', () => {
  const { catalogs, problems } = loadCatalogs();
  assert.deepEqual(problems.map(formatProblem), []);
  const source = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  assert.deepEqual(
    catalogs.map((catalog) => catalog.locale),
    ['es-es', 'es-us', 'fr-fr', 'zh-cn'],
  );
  // The families added for issue 40's generated English: every key of each in every translated locale.
  const templated = Object.keys(source).filter((key) =>
    /^(resolver\.reason|capability|change\.rule|change\.detail|api)\./.test(key),
  );
  const routeProse = loadCheckedRouteRecords().files.flatMap((route) =>
    routeProseOf(route.record).map(([field]) => `route.${route.routeId}.${field}`),
  );
  const needed = [
    ...[...ERROR_CODES, ...WARNING_CODES].flatMap((code) => [`code.${code.code}.rule`, `code.${code.code}.fix`]),
    ...Object.keys(ISSUE_MESSAGES).map((id) => `validator.message.${id}`),
    'mirror.index_line',
    ...templated,
    ...routeProse,
  ];
  for (const family of ['resolver.reason.', 'capability.', 'change.rule.', 'change.detail.', 'api.'])
    assert.ok(
      templated.some((key) => key.startsWith(family)),
      family,
    );
  assert.ok(routeProse.some((key) => key.endsWith('.no_op_behavior')));
  for (const catalog of catalogs) {
    const found = catalogFindings(source, catalog);
    assert.deepEqual([...found.problems, ...found.pending].map(formatProblem), [], catalog.file);
    // A count's form is needed where the locale's plural rule picks it (Chinese: `other` only).
    const lang = localeOf(catalog.locale).lang;
    const shown = needed.filter((key) => {
      const plural = pluralParts(key);
      return (
        !plural || source[`${plural.base}.one`] === undefined || neededPluralCategories(lang).includes(plural.category)
      );
    });
    const untranslated = shown.filter((key) => !catalogText(source, catalog, key).translated);
    assert.deepEqual(untranslated, [], `${catalog.file}: untranslated`);
  }
});

test('the catalog families of resolver reasons, capabilities, route prose and classified changes: unknown key, placeholders, stale digest', () => {
  const source = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  const stamped = (key: string, text: string) => ({ text, source: catalogDigest(source[key]!) });
  const catalog: LocaleCatalog = {
    locale: 'fr-fr',
    file: FILE,
    entries: {
      // Current and clean, the placeholders in another order.
      'resolver.reason.highest': stamped(
        'resolver.reason.highest',
        'Le client « {client} » dispose de tout ce que demande le chemin le plus élevé ({needs}).',
      ),
      'resolver.reason.sideways': { text: 'De côté.', source: catalogDigest('Sideways.') },
      'change.detail.was-now': stamped('change.detail.was-now', '{was} dans {previous}, désormais {later}'),
      'route.route_validator.no_op_behavior': {
        text: 'Ne déclarez pas le paquet valide.',
        source: catalogDigest('Do not report the packet as valid.'),
      },
      'capability.post': stamped('capability.post', 'POST'),
      'change.rule.schema-added': stamped('change.rule.schema-added', 'Un schéma a été ajouté.'),
    },
  };
  const { problems, pending } = catalogFindings(source, catalog);
  assert.deepEqual(problems.map(formatProblem), [
    `${FILE} /resolver.reason.sideways/text: the key "resolver.reason.sideways" names no English string; remove it [catalog-unknown-key]`,
    `${FILE} /change.detail.was-now/text: placeholders {later, previous, was} differ from the English string's {now, previous, was} [catalog-placeholders]`,
  ]);
  assert.deepEqual(pending.map(formatProblem), [
    `${FILE} /route.route_validator.no_op_behavior/source: the English string changed after this translation: it shows in English until retranslated and restamped [catalog-stale]`,
  ]);
  assert.equal(catalogText(source, catalog, 'route.route_validator.no_op_behavior').translated, false);
  assert.equal(catalogText(source, catalog, 'resolver.reason.highest').translated, true);
});

test('one key per string: two sources under one key are refused', () => {
  assert.throws(
    () => englishCatalog(loadRecordModel(), [], [['capability.post', 'POST, again']]),
    /two catalog strings under the key "capability.post"/,
  );
});
