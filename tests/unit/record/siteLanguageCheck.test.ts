/**
 * The build runs the language check on a worker thread beside Astro's content sync: the worker gives
 * the same problems as the check in-thread, the build's load of the site does not wait for it when
 * every other check passes, and its problems stop the build before rendering.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGlossaries } from '../../../src/record/node/contentFiles.ts';
import { languageProblems, type LanguageCheckInput } from '../../../src/record/node/siteLanguageCheck.ts';
import { languageProblemsOnWorker } from '../../../src/record/node/languageCheckThread.ts';
import { loadSiteCheckingLanguageAside } from '../../../src/site/siteContext.ts';
import { languageChecked, type PreparedRecord } from '../../../src/build/recordStages.ts';
import { isBuildFailure } from '../../../src/build/buildFailure.ts';

function withInput(run: (input: LanguageCheckInput) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-language-'));
  const input: LanguageCheckInput = {
    prose: [
      { file: 'content/pages/fr-fr/a.md', locale: 'fr-fr', line: 4, markdown: 'Les appareils de validation : voir.' },
      { file: 'content/pages/fr-fr/b.md', locale: 'fr-fr', line: 1, markdown: 'Un jeu d’essai publié.' },
      { file: 'content/pages/es-us/c.md', locale: 'es-us', line: 2, markdown: 'Un *paquete* válido.' },
    ],
    glossaries: loadGlossaries().files.map(({ file, locale, data }) => ({ file, locale, data })),
    cacheFile: join(folder, 'prose-runs.json'),
  };
  return run(input).finally(() => rmSync(folder, { recursive: true, force: true }));
}

test('the worker thread gives the problems the check gives in-thread', () =>
  withInput(async (input) => {
    const inThread = languageProblems({ ...input, cacheFile: `${input.cacheFile}.in-thread` });
    assert.ok(
      inThread.some((line) => line.startsWith('content/pages/fr-fr/a.md:4: banned-term: "appareils"')),
      inThread.join('\n'),
    );
    assert.ok(inThread.some((line) => line.startsWith('content/pages/fr-fr/a.md:4: french-punctuation:')));
    assert.deepEqual(await languageProblemsOnWorker(input), inThread);
  }));

test("the build's load of the site does not wait for the language check when every other check passes", async () => {
  const loaded = await loadSiteCheckingLanguageAside(() => new Promise<string[]>(() => undefined));
  assert.ok(loaded.site.index.pages.length > 0);
});

test('problems of the language check, or a failed worker, stop the build at the content stage', async () => {
  const prepared = (languageProblems: Promise<string[]>) => ({ languageProblems }) as unknown as PreparedRecord;
  await languageChecked(prepared(Promise.resolve([])));
  const problem = 'content/pages/fr-fr/a.md:4: banned-term: "appareils" for "fixture"';
  await assert.rejects(languageChecked(prepared(Promise.resolve([problem]))), (error) => {
    assert.ok(isBuildFailure(error));
    assert.equal(error.stage, 'content');
    assert.deepEqual(error.problems, [problem]);
    return true;
  });
  await assert.rejects(languageChecked(prepared(Promise.reject(new Error('worker exited with 1')))), (error) => {
    assert.ok(isBuildFailure(error));
    assert.match(error.problems[0], /language check could not run: worker exited with 1/);
    return true;
  });
});
