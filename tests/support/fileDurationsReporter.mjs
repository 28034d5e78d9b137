/**
 * A reporter for Node's test runner: the wall seconds of each test file (its process, `before`
 * hooks and builds included, which no test's own duration counts), as one JSON object at the end.
 * `npm test` writes it beside the spec output; scripts/test-schedule.ts records it. Plain JavaScript:
 * the runner loads reporters before `--import tsx` can teach it TypeScript.
 *
 * @param {AsyncIterable<import('node:test/reporters').TestEvent>} source
 */
export default async function* fileDurations(source) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for await (const event of source) {
    if (event.type !== 'test:complete' || event.data.nesting !== 0) continue;
    const { file, name, details } = event.data;
    // The runner reports each file as a test named by its path.
    if (file !== undefined && name === file) seconds[file] = Math.round(details.duration_ms / 100) / 10;
  }
  yield `${JSON.stringify(seconds, null, 2)}\n`;
}
