import { test } from 'node:test';
import assert from 'node:assert/strict';
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
