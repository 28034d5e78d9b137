/**
 * The build runs the language check on a worker thread beside Astro's content sync: the worker gives
 * the same problems as the check in-thread, and the build's load of the site does not wait for it
 * when every other check passes (tests/unit/buildPreparation.test.ts: its problems stop the build).
 */
import { formatProblem, type Problem } from '../../../src/uai/problem.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGlossaries } from '../../../src/record/content/node/contentFiles.ts';
import { languageProblems, type LanguageCheckInput } from '../../../src/record/checks/node/siteLanguageCheck.ts';
import { languageProblemsOnWorker } from '../../../src/record/checks/node/languageCheckThread.ts';
import { loadSiteCheckingLanguageAside } from '../../../src/site/siteContext.ts';

async function withInput(run: (input: LanguageCheckInput) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-language-'));
  const input: LanguageCheckInput = {
    prose: [
      { file: 'content/pages/fr-fr/a.md', locale: 'fr-fr', line: 4, markdown: 'Les appareils de validation : voir.' },
      { file: 'content/pages/fr-fr/b.md', locale: 'fr-fr', line: 1, markdown: 'Un jeu d’essai publié.' },
      { file: 'content/pages/es-us/c.md', locale: 'es-us', line: 2, markdown: 'Un *paquete* válido.' },
    ],
    glossaries: loadGlossaries().files.map(({ file, locale, data }) => ({ file, locale, data })),
    cacheFile: join(folder, 'prose-parses.json'),
  };
  try {
    await run(input);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the worker thread gives the problems the check gives in-thread', () =>
  withInput(async (input) => {
    const inThread = languageProblems({ ...input, cacheFile: `${input.cacheFile}.in-thread` });
    const at = (rule: string) =>
      inThread.find((problem) => problem.rule === rule && problem.file === 'content/pages/fr-fr/a.md');
    assert.deepEqual(at('banned-term')?.place, { line: 4 }, inThread.map(formatProblem).join('\n'));
    assert.match(at('banned-term')!.message, /^"appareils"/);
    assert.deepEqual(at('french-punctuation')?.place, { line: 4 });
    // The problems cross the thread as data, field for field.
    assert.deepEqual(await languageProblemsOnWorker(input), inThread);
  }));

test("the build's load of the site does not wait for the language check when every other check passes", async () => {
  const loaded = await loadSiteCheckingLanguageAside(() => new Promise<Problem[]>(() => undefined));
  assert.ok(loaded.site.index.pages.length > 0);
});
