/**
 * Issue 11 item 6: the language check bans a glossary's rejected renderings and enforces French
 * no-break spaces, in prose only (never code, URLs or link targets), with a problem at the file and
 * line for each, printed `file:line: message [rule]`; the real record and its glossaries pass.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkGlossary, checkLanguage, type LanguageRules } from '../../../src/record/checks/languageCheck.ts';
import { dataFileProse, markdownEntryProse, type ProseText } from '../../../src/record/content/proseText.ts';
import type { Glossary } from '../../../src/record/content/contentSchemas.ts';
import {
  loadClientLadder,
  loadContentEntries,
  loadGlossaries,
  loadRegistryCommon,
  loadUiStrings,
} from '../../../src/record/content/node/contentFiles.ts';
import { localeOf } from '../../../src/record/model/locales.ts';
import { formatProblem, type Problem } from '../../../src/uai/problem.ts';

const lines = (problems: readonly Problem[]) => problems.map(formatProblem);

const spanish: Glossary = {
  terms: [
    { term: 'fixture', use: 'caso de prueba', banned: [{ text: 'dispositivo', reason: 'a device' }] },
    { term: 'when', use: 'cuándo', banned: [{ text: 'cuando usarlo', reason: 'an interrogative takes the accent' }] },
  ],
};
const french: Glossary = {
  terms: [{ term: 'fixture', use: 'jeu d’essai', banned: [{ text: 'appareil d’essai', reason: 'a device' }] }],
};
const chinese: Glossary = {
  terms: [{ term: 'review', use: '审阅', banned: [{ text: '审查', reason: 'reads as censorship' }] }],
};

const rules = (locale: string): LanguageRules => ({
  glossary: { 'es-us': spanish, 'fr-fr': french, 'zh-cn': chinese }[locale],
  frenchPunctuation: locale === 'fr-fr',
  chinesePunctuation: locale === 'zh-cn',
});

/** The record's own glossaries and the rules the build applies. */
function recordRules(): (locale: string) => LanguageRules {
  const byLocale = new Map(loadGlossaries().files.map((file) => [file.locale, file.data]));
  return (locale) => ({
    glossary: byLocale.get(locale),
    frenchPunctuation: localeOf(locale).lang.startsWith('fr'),
    chinesePunctuation: localeOf(locale).lang.startsWith('zh'),
  });
}

function check(locale: string, markdown: string, line = 1): string[] {
  return lines(checkLanguage([{ file: `content/x/${locale}.md`, locale, line, markdown }], rules));
}

test('a banned rendering in prose is reported with file, line, rule, the term and the preferred rendering', () => {
  const problems = check('es-us', 'Primera línea.\n\nEl Dispositivo válido\nse publica.', 10);
  assert.equal(problems.length, 1);
  assert.equal(
    problems[0],
    'content/x/es-us.md:12: "Dispositivo" for "fixture" (a device); use "caso de prueba" [banned-term]',
  );
});

test('headings, emphasis, list items, table cells and link text are prose', () => {
  const markdown =
    '## Cuando usarlo\n\n- **dispositivo**\n\n| a |\n| - |\n| dispositivo |\n\n[un dispositivo](/es-us/x/)\n';
  const lines = check('es-us', markdown).map((problem) => problem.split(':')[1]);
  assert.deepEqual(lines, ['1', '3', '7', '9']);
});

test('code, inline code, HTML, link targets and autolinked URLs are not prose', () => {
  const markdown = [
    'Use `dispositivo` here.',
    '',
    '```json',
    '{"dispositivo": true}',
    '```',
    '',
    '<!-- dispositivo -->',
    '',
    '[enlace](/es-us/dispositivo/) and https://example.invalid/dispositivo',
  ].join('\n');
  assert.deepEqual(check('es-us', markdown), []);
});

test('banned renderings match whole words, case-insensitively, with either apostrophe', () => {
  assert.deepEqual(check('es-us', 'Un predispositivo y dispositivos.'), []);
  assert.equal(
    check('fr-fr', "Un Appareil d'essai.").length,
    1,
    'the ASCII apostrophe matches the glossary’s typographic one',
  );
  assert.equal(check('fr-fr', 'Un appareil d’essai.').length, 1);
  // Chinese has no spaces between words: a banned term matches inside a run of text.
  assert.equal(check('zh-cn', '本工具的公共审查路由').length, 1);
  assert.deepEqual(check('zh-cn', '本工具的公共审阅路由'), []);
});

test('French punctuation needs a (narrow) no-break space before : ; ! ? and inside « »', () => {
  const ok = [
    'Réussite\u00a0: le client',
    'Échec\u202f; fin',
    'Vraiment\u00a0?',
    '«\u00a0jeu d’essai\u00a0»',
    'À 18:01 UTC',
    'Voir https://uaix.org/fr-fr/?q=1 ici',
    'La valeur `a : b`',
    'le préfixe sha256:`<hex>` et le [lien](/fr-fr/x/):`a`',
  ];
  for (const text of ok) assert.deepEqual(check('fr-fr', text), [], text);
  const bad = check('fr-fr', 'Réussite : le client\n\nÉchec; fin\n\nVraiment?\n\n«jeu»');
  assert.equal(bad.length, 5, bad.join('\n'));
  assert.match(
    bad[0],
    /^content\/x\/fr-fr\.md:1: an ordinary space before ":" in "Réussite : le client"; put a narrow no-break space \(U\+202F\) or a no-break space \(U\+00A0\) there \[french-punctuation\]$/,
  );
  assert.match(bad[1], /:3: no space before ";".*\[french-punctuation\]$/);
  assert.match(bad[2], /:5: no space before "\?".*\[french-punctuation\]$/);
  assert.match(bad[3], /:7: "j" after "«".*\[french-punctuation\]$/);
  assert.match(bad[4], /:7: "u" before "»".*\[french-punctuation\]$/);
  // Punctuation at the end of emphasis or after inline code still ends a phrase.
  assert.equal(check('fr-fr', '**Réussite:** le client').length, 1);
  assert.equal(check('fr-fr', 'La commande `uaix`: elle valide').length, 1);
});

test('the punctuation rule is French only', () => {
  assert.deepEqual(check('es-us', 'Nota : texto; fin?'), []);
});

test('frontmatter fields and data-file strings are checked at their own line and place', () => {
  const yaml = 'code: UAIX-DOC-1\ntitle: "Un título"\ndescription: "Un dispositivo"';
  const prose = markdownEntryProse(
    'content/pages/es-us/a.md',
    'es-us',
    { yaml, body: '\nTexto.\n', bodyLine: 5 },
    { code: 'UAIX-DOC-1', title: 'Un título', description: 'Un dispositivo' },
  );
  assert.deepEqual(
    prose.map((text) => [text.line, text.field]),
    [
      [3, 'title'],
      [4, 'description'],
      [5, undefined],
    ],
  );
  assert.deepEqual(lines(checkLanguage(prose, rules)), [
    'content/pages/es-us/a.md:4: "dispositivo" for "fixture" (a device); use "caso de prueba" (frontmatter field "description") [banned-term]',
  ]);

  const text =
    '{\n  "source_digest": "sha256:00",\n  "rows": [\n    { "client": "dispositivo", "label": "Un dispositivo" }\n  ],\n  "note": "Bien"\n}\n';
  const data = dataFileProse('content/client-ladder/es-us.json', 'es-us', text, JSON.parse(text));
  assert.deepEqual(
    data.map((entry) => [entry.pointer, entry.line]),
    [
      ['/rows/0/label', 4],
      ['/note', 6],
    ],
    'identifiers and digests are not prose',
  );
  assert.deepEqual(lines(checkLanguage(data, rules)), [
    'content/client-ladder/es-us.json:4 (/rows/0/label): "dispositivo" for "fixture" (a device); use "caso de prueba" [banned-term]',
  ]);
});

test('a glossary that contradicts itself is reported', () => {
  const broken: Glossary = {
    terms: [
      { term: 'fixture', use: 'dispositivo de prueba', banned: [{ text: 'dispositivo', reason: 'a device' }] },
      { term: 'fixture', use: 'caso de prueba', banned: [] },
    ],
  };
  const problems = lines(checkGlossary('content/glossary/es-us.json', broken));
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(
    problems[0],
    /^content\/glossary\/es-us\.json \/terms\/0: the preferred rendering "dispositivo de prueba" of "fixture" contains the banned "dispositivo" \[glossary\]$/,
  );
  assert.match(problems[1], /\/terms\/1: the term "fixture" is listed twice \[glossary\]$/);
});

test('the record: every translated locale has a consistent glossary, and all its prose passes', () => {
  const glossaries = loadGlossaries();
  assert.deepEqual(glossaries.problems, []);
  assert.deepEqual(glossaries.files.map((file) => file.locale).sort(), ['es-es', 'es-us', 'fr-fr', 'zh-cn']);
  for (const file of glossaries.files) {
    assert.deepEqual(checkGlossary(file.file, file.data), []);
    const terms = new Set(file.data.terms.map((entry) => entry.term));
    for (const term of [
      'fixture',
      'runtime',
      'handoff',
      'record',
      'registry',
      'review',
      'keyless',
      'packet',
      'envelope',
      'profile',
      'route record',
      'fallback',
      'digest',
    ]) {
      assert.ok(terms.has(term), `${file.file} has no entry for "${term}"`);
    }
  }
  const byLocale = new Map(glossaries.files.map((file) => [file.locale, file.data]));
  const prose: ProseText[] = [
    ...loadContentEntries().prose,
    ...[loadRegistryCommon(), loadClientLadder(), loadUiStrings()].flatMap((data) =>
      data.files.flatMap((file) => file.prose),
    ),
  ];
  assert.ok(prose.length > 100, `only ${prose.length} prose texts were read`);
  assert.deepEqual(checkLanguage(prose, recordRules()), []);
  assert.equal(byLocale.size, 4);
});

test('one rendering per concept: a glossary that gives two concepts one rendering is reported', () => {
  const broken: Glossary = {
    terms: [
      { term: 'record', use: 'registro', banned: [] },
      { term: 'registry', use: 'Registro', banned: [] },
      { term: 'changelog', use: 'historial de cambios', banned: [] },
    ],
  };
  assert.deepEqual(lines(checkGlossary('content/glossary/es-us.json', broken)), [
    'content/glossary/es-us.json /terms/1: "Registro" renders both "record" and "registry"; one rendering per concept [glossary]',
  ]);
});

test("a planted second rendering of a concept fails in each locale's glossary", () => {
  const planted: [string, string, string][] = [
    ['es-us', 'Consulte el registro de cambios.', 'changelog'],
    ['es-es', 'Consulte el registro de cambios.', 'changelog'],
    ['es-us', 'Elija la ruta de acceso que le convenga.', 'path'],
    ['fr-fr', 'Installez le paquet npm.', 'packet'],
    ['fr-fr', 'Le registre public des normes.', 'record'],
    ['fr-fr', 'La route est une non-opération.', 'no-op'],
    ['zh-cn', '请查看更新日志。', 'changelog'],
    ['zh-cn', '从程序包运行。', 'package'],
  ];
  for (const [locale, markdown, term] of planted) {
    const texts = [{ file: `content/pages/${locale}/get-started.md`, locale, line: 9, markdown }];
    const problems = lines(checkLanguage(texts, recordRules()));
    assert.equal(problems.length, 1, `${locale} "${markdown}": ${problems.join('\n')}`);
    assert.match(
      problems[0],
      new RegExp(`^content/pages/${locale}/get-started\\.md:9: .* for "${term}".* \\[banned-term\\]$`),
    );
  }
});

test('an English BCP 14 keyword in the prose of a non-normative page fails; normative sources wait for their edition', () => {
  const markdown = 'Un paquet MUST contenir ses champs, et SHOULD les trier.';
  const at = (file: string) => lines(checkLanguage([{ file, locale: 'fr-fr', line: 3, markdown }], recordRules()));
  const problems = at('content/pages/fr-fr/get-started.md');
  assert.deepEqual(
    problems.map((line) => line.replace(/ \(an English.*$/, '')),
    [
      'content/pages/fr-fr/get-started.md:3: "MUST" for "MUST, SHALL (BCP 14 keyword)"',
      'content/pages/fr-fr/get-started.md:3: "SHOULD" for "SHOULD (BCP 14 keyword)"',
    ],
  );
  assert.match(problems[0], /use "DOIT" \[banned-term\]$/);
  for (const locale of ['es-us', 'zh-cn']) {
    const file = `content/pages/${locale}/index.md`;
    assert.equal(checkLanguage([{ file, locale, line: 1, markdown: 'X MUST y.' }], recordRules()).length, 1, locale);
  }
  assert.deepEqual(at('content/pages/fr-fr/specification/uai-1.md'), []);
  assert.deepEqual(at('content/registry/fr-fr/uai-agent-ack-v1.md'), []);
  // In code the keyword is a quotation, not prose.
  assert.deepEqual(at('content/pages/fr-fr/x.md').length, 2);
  assert.deepEqual(
    checkLanguage(
      [{ file: 'content/pages/fr-fr/x.md', locale: 'fr-fr', line: 1, markdown: 'Le mot `MUST`.' }],
      recordRules(),
    ),
    [],
  );
});

test('Chinese text takes full-width punctuation; code, identifiers, URLs and Latin text are exempt', () => {
  const problems = check('zh-cn', '数据包有效, 然后运行验证器(JSON)。\n\n请查看文档: 它说明了一切.');
  assert.deepEqual(problems, [
    'content/x/zh-cn.md:1: ASCII "," in Chinese text in "数据包有效, 然后运行验证器(JSON)。"; use the full-width "，" [chinese-punctuation]',
    'content/x/zh-cn.md:1: ASCII "(" in Chinese text in "数据包有效, 然后运行验证器(JSON)。"; use the full-width "（" [chinese-punctuation]',
    'content/x/zh-cn.md:1: ASCII ")" in Chinese text in "数据包有效, 然后运行验证器(JSON)。"; use the full-width "）" [chinese-punctuation]',
    'content/x/zh-cn.md:3: ASCII ":" in Chinese text in "请查看文档: 它说明了一切."; use the full-width "：" [chinese-punctuation]',
    'content/x/zh-cn.md:3: ASCII "." in Chinese text in "请查看文档: 它说明了一切."; use the full-width "。" [chinese-punctuation]',
  ]);
  assert.deepEqual(
    check(
      'zh-cn',
      'UAI-1 版本 `1.0`，文件 index.md 和 .uai 目录，`a, b (c)`，见 <https://uaix.org/a,b>。\n\nSee a, b (c).',
    ),
    [],
  );
  assert.deepEqual(check('fr-fr', 'Le 数据包, ici'), [], 'the rule is for Chinese text only');
});
