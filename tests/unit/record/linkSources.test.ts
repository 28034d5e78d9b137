import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkedRecord } from '../../../src/record/checks/linkSources.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const LLMS = '# UAIX\n\n> Summary.\n\n## Docs\n\n- [Guide](https://uaix.org/en-us/guides/)\n';

test('the link check reads every page’s links and ids, llms.txt, the manifest’s own URLs and the routes’ fixed URLs', () => {
  const linked = linkedRecord(
    [
      { path: '/en-us/a/index.html', ids: ['x', 'y', 'x'], links: ['/en-us/b/', '#y'] },
      { path: '/en-us/b/index.html', ids: [], links: [] },
    ],
    LLMS,
    JSON.stringify({ files: [{ url: 'https://uaix.org/llms.txt' }, { url: 'https://example.org/x' }] }),
    [{ file: 'routes/r.json', record: { path: '/schemas/{name}.json', human_review_url: 'https://uaix.org/en-us/' } }],
  );
  assert.deepEqual(linked.duplicateIds.map(formatProblem), [
    '/en-us/a/index.html: the id "x" is used twice [unique-id]',
  ]);
  assert.deepEqual([...linked.ids.get('/en-us/a/index.html')!], ['x', 'y']);
  assert.deepEqual(
    linked.links.map((link) => `${link.file} ${link.href}`),
    [
      '/en-us/a/index.html /en-us/b/',
      '/en-us/a/index.html #y',
      '/llms.txt https://uaix.org/en-us/guides/',
      '/.well-known/uaix.json https://uaix.org/llms.txt',
      'routes/r.json https://uaix.org/en-us/',
    ],
  );
});
