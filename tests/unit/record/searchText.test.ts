import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readableSnippet, searchableHtml, searchableQuery } from '../../../src/record/pages/searchText.ts';

test('searchableHtml: a space after each French elision, only on French pages', () => {
  const french = '<html lang="fr-FR"><p>l’état de l’agent, qu’il lise jusqu’à d’Alembert; aujourd’hui</p></html>';
  assert.equal(
    searchableHtml(french),
    '<html lang="fr-FR"><p>l’ état de l’ agent, qu’ il lise jusqu’ à d’ Alembert; aujourd’hui</p></html>',
  );
  const english = '<html lang="en-US"><p>l’état, don’t</p></html>';
  assert.equal(searchableHtml(english), english);
});

test('searchableQuery drops elided prefixes; readableSnippet takes the added space out again', () => {
  assert.equal(searchableQuery('l’état'), 'état');
  assert.equal(searchableQuery("d'identité L’Agent"), 'identité Agent');
  assert.equal(searchableQuery('aujourd’hui'), 'aujourd’hui');
  assert.equal(readableSnippet('vérifier l’ <mark>état</mark> et l’ agent'), 'vérifier l’<mark>état</mark> et l’agent');
  assert.equal(readableSnippet('Il n’ a'), 'Il n’a');
  assert.equal(readableSnippet('le mot l’ '), 'le mot l’ ');
});

test('searchableHtml spaces exactly what the elision pattern matches, on any text', () => {
  // The scanner against the pattern it replaces, over texts made of the characters that decide a
  // match: elided words in both cases (and ſ, which folds to s), both apostrophes, letters,
  // digits, white space and astral characters (a letter, an emoji, lone surrogates).
  const ELISION = /(^|[^\p{L}\p{N}])(jusqu|lorsqu|puisqu|quoiqu|presqu|qu|[cdjlmnst])['’](?=\p{L})/giu;
  const pieces = ['l', 'L', 'd', 'ſ', 's', 'qu', 'QU', 'jusqu', 'lorsqu', 'presqu', 'a', 'é', '1', ' ', '-', "'", '’'];
  const astral = ['𝐀', '😀', '\ud800', '\udc00'];
  // The start tag after the text: a text may open with an elided word (the pattern's `^`).
  const page = '<html lang="fr">';
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces, ...astral), { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      assert.equal(searchableHtml(text + page), text.replace(ELISION, '$1$2’ ') + page);
    }),
    { numRuns: 20000 },
  );
});
