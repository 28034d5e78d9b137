/**
 * The glossary page's data: the English concepts with their definitions, each translation's terms
 * checked against them, the rows each locale's page shows (a translated definition only while its
 * English is the one it translated), and the record's own glossaries.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  glossaryAnchor,
  glossaryConceptProblems,
  glossaryDefinitionProse,
  glossaryPending,
  glossaryRows,
  type EnglishGlossaryFile,
  type GlossaryFile,
} from '../../../src/record/content/glossaryConcepts.ts';
import { catalogDigest } from '../../../src/record/model/textCatalog.ts';
import { loadEnglishGlossary, loadGlossaries } from '../../../src/record/content/node/contentFiles.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const english: EnglishGlossaryFile = {
  file: 'content/glossary/en-us.json',
  data: {
    terms: [
      { term: 'record', definition: 'The `record` as a whole.' },
      { term: 'fixture', definition: 'A published example packet.' },
      { term: 'Envelope', definition: 'The fields around the body.' },
    ],
  },
};

const french: GlossaryFile = {
  file: 'content/glossary/fr-fr.json',
  locale: 'fr-fr',
  data: {
    terms: [
      {
        term: 'record',
        use: 'recueil',
        definition: { text: 'Le `recueil` dans son ensemble.', source: catalogDigest('The `record` as a whole.') },
        banned: [
          { text: 'registre UAIX', reason: 'the registry' },
          { text: 'registre UAIX', reason: 'listed twice' },
        ],
      },
      {
        term: 'fixture',
        use: 'jeu d’essai',
        definition: { text: 'Un paquet d’exemple.', source: catalogDigest('An example packet, as it once read.') },
        banned: [{ text: 'appareil', reason: 'a device' }],
      },
    ],
  },
};

test('the English page lists every concept with its definition, by term whatever its case', () => {
  assert.deepEqual(glossaryRows(english, undefined), [
    {
      term: 'Envelope',
      anchor: 'term-envelope',
      definition: { text: 'The fields around the body.', translated: true },
      banned: [],
    },
    {
      term: 'fixture',
      anchor: 'term-fixture',
      definition: { text: 'A published example packet.', translated: true },
      banned: [],
    },
    {
      term: 'record',
      anchor: 'term-record',
      definition: { text: 'The `record` as a whole.', translated: true },
      banned: [],
    },
  ]);
});

test('a translated page lists its own concepts: the rendering, the renderings not used, a current definition', () => {
  assert.deepEqual(glossaryRows(english, french), [
    {
      term: 'fixture',
      anchor: 'term-fixture',
      // Translated from an older English definition: the English is shown, to be marked and noticed.
      definition: { text: 'A published example packet.', translated: false },
      use: 'jeu d’essai',
      banned: ['appareil'],
    },
    {
      term: 'record',
      anchor: 'term-record',
      definition: { text: 'Le `recueil` dans son ensemble.', translated: true },
      use: 'recueil',
      banned: ['registre UAIX'],
    },
  ]);
  const untranslated: GlossaryFile = {
    ...french,
    data: { terms: [{ term: 'record', use: 'recueil', banned: [] }] },
  };
  assert.deepEqual(glossaryRows(english, untranslated)[0].definition, {
    text: 'The `record` as a whole.',
    translated: false,
  });
});

test("a row id is the same in every locale: the term's ASCII letters and digits", () => {
  assert.equal(glossaryAnchor('MUST, SHALL (BCP 14 keyword)'), 'term-must-shall-bcp-14-keyword');
  assert.equal(glossaryAnchor("mirror (a page's JSON or Markdown copy)"), 'term-mirror-a-page-s-json-or-markdown-copy');
});

test('a stale translated definition is pending, a warning at its source; never a failure', () => {
  assert.deepEqual(glossaryPending(english, [french]).map(formatProblem), [
    'content/glossary/fr-fr.json /terms/1/definition/source: the English definition changed after this translation: it shows in English until retranslated and restamped [glossary-stale]',
  ]);
  assert.deepEqual(glossaryConceptProblems(english, [french]), []);
});

test('a translation term that names no English concept, and an English term listed twice, fail with one line each', () => {
  const doubled: EnglishGlossaryFile = {
    ...english,
    data: {
      terms: [
        ...english.data.terms,
        { term: 'fixture', definition: 'Again.' },
        { term: 'Fixture!', definition: 'Another concept with the same row id.' },
      ],
    },
  };
  const unknown: GlossaryFile = {
    ...french,
    data: { terms: [...french.data.terms, { term: 'swarm', use: 'essaim', banned: [] }] },
  };
  assert.deepEqual(glossaryConceptProblems(doubled, [unknown]).map(formatProblem), [
    'content/glossary/en-us.json /terms/3/term: "fixture" is listed twice [glossary-concept]',
    'content/glossary/en-us.json /terms/4/term: "Fixture!" has the row id term-fixture of "fixture" [glossary-concept]',
    'content/glossary/fr-fr.json /terms/2/term: "swarm" names no concept of content/glossary/en-us.json; add it there with its definition [glossary-concept]',
  ]);
});

test('the language check reads the translated definitions of a glossary file, and nothing else of it', () => {
  const prose = [
    { file: french.file, locale: 'fr-fr', line: 5, pointer: '/terms/0/use', markdown: 'recueil' },
    { file: french.file, locale: 'fr-fr', line: 6, pointer: '/terms/0/definition/text', markdown: 'Le recueil.' },
    { file: french.file, locale: 'fr-fr', line: 9, pointer: '/terms/0/banned/0/text', markdown: 'registre UAIX' },
  ];
  assert.deepEqual(
    glossaryDefinitionProse(prose).map((text) => text.pointer),
    ['/terms/0/definition/text'],
  );
});

test("the record's glossaries: every term of every translation is an English concept, every definition current", () => {
  const loaded = loadEnglishGlossary();
  assert.deepEqual(loaded.problems, []);
  const [file] = loaded.files;
  assert.ok(file, 'content/glossary/en-us.json is read');
  const translations = loadGlossaries().files;
  assert.deepEqual(glossaryConceptProblems(file, translations), []);
  assert.deepEqual(glossaryPending(file, translations), []);
  // Each locale's page shows each concept of its glossary file, once.
  for (const glossary of translations) {
    const rows = glossaryRows(file, glossary);
    assert.deepEqual(
      rows.map((row) => row.term).sort(),
      glossary.data.terms.map((entry) => entry.term).sort(),
      glossary.file,
    );
  }
  assert.equal(glossaryRows(file, undefined).length, file.data.terms.length);
});
