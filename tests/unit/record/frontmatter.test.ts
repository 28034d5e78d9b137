import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordFrontmatter } from '../../../src/record/content/contentSchemas.ts';

const entry = (description: string) => ({ code: 'UAIX-DOC-0001', title: 'A page', description, order: 1 });

test('a description is at most 160 characters, what search results and link cards show', () => {
  assert.equal(recordFrontmatter.safeParse(entry('x'.repeat(160))).success, true);
  const longer = recordFrontmatter.safeParse(entry('x'.repeat(161)));
  assert.equal(longer.success, false);
  assert.deepEqual(
    longer.error?.issues.map((issue) => issue.path.join('/')),
    ['description'],
  );
});
