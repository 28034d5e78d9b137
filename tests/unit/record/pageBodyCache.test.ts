/**
 * The page body cache (src/record/content/node/pageBodyCache.ts): a body comes out as pageBody
 * gives it, a later build reads its edits from the file instead of parsing, and a change of the
 * body, of a label or of a requirement's level is a new key, parsed again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageBody } from '../../../src/record/content/pageBody.ts';
import { PAGE_BODIES_FILE, pageBodyCache } from '../../../src/record/content/node/pageBodyCache.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

const labels = {
  tables: { region: 'Table', regionLabel: 'Table: ', separator: ', ' },
  selfLinks: { heading: (text: string) => `Link to “${text}”`, requirement: (id: string) => `Link to ${id}` },
};
const levels = new Map([['UAI1-ENV-001', 'MUST']]);
const levelOf = (id: string) => levels.get(id);

const BODIES = [
  '<h2 id="a">A <code>x_y</code></h2><p>[UAI1-ENV-001] A packet MUST be JSON.</p><table><tr><th>Field</th></tr><tr><td>a</td></tr></table>',
  '<table><tr><td>x</td></tr></table><p>[UAI1-ENV-002] Then this.</p>',
  '<p>No heading, no table.</p>',
];

/** As JSON keeps it: a section's `lang` that is undefined is no member (the template reads both alike). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const withRoot = (run: (root: string) => void) => inTempFolder('uaix-page-bodies-', run);

test('bodies come out as pageBody gives them; a second build reads them without parsing', () => {
  withRoot((root) => {
    const first = pageBodyCache(root);
    for (const body of BODIES)
      assert.deepEqual(plain(first.bodyOf(body, labels, levels)), plain(pageBody(body, labels, levelOf)));
    assert.equal(first.parsedCount, BODIES.length);
    first.save();
    const second = pageBodyCache(root);
    for (const body of BODIES)
      assert.deepEqual(plain(second.bodyOf(body, labels, levels)), plain(pageBody(body, labels, levelOf)));
    assert.equal(second.parsedCount, 0);
  });
});

test('another body, label or requirement level is parsed again; a damaged file is parsed whole', () => {
  withRoot((root) => {
    const first = pageBodyCache(root);
    first.bodyOf(BODIES[0], labels, levels);
    first.save();
    const otherLabels = {
      ...labels,
      selfLinks: { ...labels.selfLinks, heading: (text: string) => `Lien vers « ${text} »` },
    };
    const otherLevels = new Map([['UAI1-ENV-001', 'SHOULD']]);
    const changes: [string, () => unknown, () => unknown][] = [
      [
        'a label',
        () => pageBodyCache(root).bodyOf(BODIES[0], otherLabels, levels),
        () => pageBody(BODIES[0], otherLabels, levelOf),
      ],
      [
        'a level',
        () => pageBodyCache(root).bodyOf(BODIES[0], labels, otherLevels),
        () => pageBody(BODIES[0], labels, (id) => otherLevels.get(id)),
      ],
      [
        'the body',
        () => pageBodyCache(root).bodyOf(`${BODIES[0]}<p>more</p>`, labels, levels),
        () => pageBody(`${BODIES[0]}<p>more</p>`, labels, levelOf),
      ],
    ];
    for (const [change, cached, computed] of changes) assert.deepEqual(plain(cached()), plain(computed()), change);
    writeFileSync(join(root, PAGE_BODIES_FILE), 'not a cache file');
    const damaged = pageBodyCache(root);
    assert.deepEqual(plain(damaged.bodyOf(BODIES[0], labels, levels)), plain(pageBody(BODIES[0], labels, levelOf)));
    assert.equal(damaged.parsedCount, 1);
  });
});
