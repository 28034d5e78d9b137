import { test } from 'node:test';
import assert from 'node:assert/strict';
import { astroTemplateImports } from '../../scripts/astroImports.ts';

test('a template imports what its frontmatter and bundled scripts import, type-only and dynamic included', () => {
  const template = [
    '---',
    "import type { PageRecord } from '../record/pageIndex.ts';",
    "import Head from '../components/BaseHead.astro';",
    "const late = await import('../site/lazy.ts');",
    "const page: PageRecord = Astro.props.page;",
    '---',
    '<Head />',
    "<p>import x from 'not/an/import.ts'</p>",
    "<script>import { enhancePage } from '../site/pageEnhance.ts';\nenhancePage();</script>",
    '<script is:inline src="/pagefind/pagefind-ui.js"></script>',
    "<script is:inline>import('/inline/left/as/written.js');</script>",
  ].join('\n');
  assert.deepEqual(astroTemplateImports(template), [
    '../record/pageIndex.ts',
    '../components/BaseHead.astro',
    '../site/lazy.ts',
    '../site/pageEnhance.ts',
  ]);
});

test('a template without frontmatter or scripts imports nothing', () => {
  assert.deepEqual(astroTemplateImports('<p>Plain</p>'), []);
});
