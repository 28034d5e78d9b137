/**
 * Issue 3: translation status is tracked from the source digest each translation records. Changing
 * an English file (here the shared profile sections and a guide) makes its translations stale: the
 * translation-status page says so and the translated pages show the stale notice, after a real
 * build of a throw-away copy of the repository.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyRepository, removeCopy, runBuild } from './_support/tempRepo.ts';

let copy: string;
let built: ReturnType<typeof runBuild>;

before(() => {
  copy = copyRepository();
  const common = join(copy, 'content/registry-common/en-us.json');
  const data = JSON.parse(readFileSync(common, 'utf8'));
  data.redaction = `${data.redaction} Redact before publication.`;
  writeFileSync(common, `${JSON.stringify(data, null, 2)}\n`);
  const guide = join(copy, 'content/guides/en-us/swarm-failure-and-recovery.md');
  writeFileSync(
    guide,
    `${readFileSync(guide, 'utf8')}\nA sentence added to the English source after the translations.\n`,
  );
  built = runBuild(copy);
});

after(() => {
  if (copy) removeCopy(copy);
});

const page = (url: string) => readFileSync(join(copy, 'dist', url, 'index.html'), 'utf8');

test('the build succeeds with stale translations (they are reported, not errors)', () => {
  assert.equal(built.status, 0, `build failed:\n${built.stderr}`);
});

test('translated pages whose English source changed show the stale notice; others do not', () => {
  for (const locale of ['es-us', 'fr-fr']) {
    assert.match(page(`/${locale}/guides/swarm-failure-and-recovery/`), /banner-stale/, `${locale} guide`);
    assert.match(
      page(`/${locale}/registry/uai-agent-ack-v1/`),
      /banner-stale/,
      `${locale} profile page (shared sections changed)`,
    );
    assert.doesNotMatch(page(`/${locale}/about/`), /banner-stale/, `${locale} about page is unchanged`);
  }
  assert.doesNotMatch(
    page('/en-us/guides/swarm-failure-and-recovery/'),
    /banner-stale/,
    'the English source is never stale',
  );
});

test('the translation-status page counts the stale pages per section and lists the guide and the shared sections as stale', () => {
  // Without the line-break points and no-break spans the page puts into code in tables
  // (`content/<wbr><span class="nobr">registry-common/</span>…`).
  const html = page('/en-us/governance/translation-status/')
    .replaceAll('<wbr>', '')
    .replace(/<span class="nobr">([^<]*)<\/span>/g, '$1');
  const row = (needle: string) => {
    assert.ok(html.includes(needle), `the page has ${needle}`);
    return html.slice(html.indexOf(needle), html.indexOf('</tr>', html.indexOf(needle)));
  };
  const guides = row('<th scope="row"><a href="/en-us/guides/">');
  assert.match(
    guides,
    /state-stale">stale \(1\)[\s\S]*state-stale">stale \(1\)/,
    'guides section: one stale page in es-us and one in fr-fr',
  );
  assert.doesNotMatch(row('<th scope="row"><a href="/en-us/about/">'), /state-stale/, 'about section: nothing stale');
  assert.match(
    row('<a href="/en-us/guides/swarm-failure-and-recovery/" lang="en-US" translate="no">'),
    /state-stale[\s\S]*state-stale/,
    'stale list: the guide, stale in es-us and fr-fr',
  );
  assert.match(
    row('content/registry-common/en-us.json'),
    /state-stale[\s\S]*state-stale/,
    'shared sections: es-us and fr-fr stale',
  );
  assert.doesNotMatch(row('content/client-ladder/en-us.json'), /state-stale/, 'the ladder rows did not change');
});
