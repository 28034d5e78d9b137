// @ts-check
// The bare Astro site of the scale benchmark: one content collection, one template, the record's
// own output and Markdown options (read from its config, so the two cannot drift), no other
// integration. `npm run bench:site` fills content/ with the record's page texts and builds it.
import { defineConfig } from 'astro/config';
import record from '../../astro.config.mjs';
import { stageTimesIntegration } from '../../src/pipeline/stageTimes.ts';

const { site, trailingSlash, build, compressHTML, devToolbar, markdown } = record;
export default defineConfig({
  site,
  trailingSlash,
  build,
  compressHTML,
  devToolbar,
  markdown,
  integrations: [stageTimesIntegration()],
});
