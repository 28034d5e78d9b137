/**
 * Highlighting does not depend on time: Shiki's tokenizer reads the wall clock (`Date.now`) while
 * it scans a line and, past its time limit, leaves the rest of the line plain. Here the clock jumps
 * a minute at every reading, as if the machine were descheduled between any two of them; both the
 * record's highlighter and Astro's Markdown highlighting with this record's `shikiConfig` must still
 * tokenize every line to its end, as with the real clock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createShikiHighlighter } from '@astrojs/markdown-remark';
import config from '../../../astro.config.mjs';
import { highlightCode } from '../../../src/record/content/highlight.ts';

const CODE = '{\n  "packet": { "id": "msg_01", "ok": true, "n": [1, 2.5, null], "s": "a \\"b\\" c" }\n}';

/** Runs `run` with a clock that moves one minute forward each time it is read. */
async function withJumpingClock<T>(run: () => Promise<T>): Promise<T> {
  const realNow = Date.now;
  let now = realNow();
  Date.now = () => (now += 60_000);
  try {
    return await run();
  } finally {
    Date.now = realNow;
  }
}

/** A line given up on is one plain span from there on: its last string is then not a token of its own. */
const LAST_TOKEN = /<span style="[^"]+">b<\/span><span style="[^"]+">\\"<\/span><span style="[^"]+"> c"<\/span>/;

test('the record highlighter tokenizes a whole line when every clock reading is a minute late', async () => {
  // Highlighted once only (the highlighter caches by language and code), so the busy run is compared with the tokens.
  const busy = await withJumpingClock(() => highlightCode(CODE, 'json'));
  assert.match(busy, LAST_TOKEN, busy);
});

test("Astro's Markdown highlighting with the record's shikiConfig gives the same HTML when the clock jumps", async () => {
  const shikiConfig = config.markdown?.shikiConfig ?? {};
  // Astro's highlighter loads a language the first time a code block names it.
  const highlighter = await createShikiHighlighter({ themes: shikiConfig.themes });
  const options = { defaultColor: shikiConfig.defaultColor, transformers: shikiConfig.transformers };
  const quiet = await highlighter.codeToHtml(CODE, 'json', options);
  const busy = await withJumpingClock(() => highlighter.codeToHtml(CODE, 'json', options));
  assert.match(quiet, LAST_TOKEN, quiet);
  assert.equal(busy, quiet);
});
