// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { sitemapOptions } from './src/record/machine/node/sitemapOptions.ts';
import { stageTimesIntegration } from './src/pipeline/stageTimes.ts';
import { recordIntegration } from './src/pipeline/recordIntegration.ts';
import { hostPreviewIntegration } from './src/pipeline/hostPreview.ts';
import { rehypeSourceHeadingIds } from './src/record/content/node/sourceHeadingIds.ts';
import { rehypeHeaderCellScope } from './src/record/content/headerCellScope.ts';
import { CODE_THEMES, untimedTokenizer } from './src/record/content/highlight.ts';
import { SITE_ORIGIN } from './src/record/model/locales.ts';
import { loadSite } from './src/site/siteContext.ts';

export default defineConfig({
  site: SITE_ORIGIN,
  trailingSlash: 'always',
  // No inline <style> or <script>: the Content-Security-Policy in _headers allows neither.
  // Four pages at a time: rendering one at a time, Astro's thread spent half the time waiting for
  // each page's file to be written (at ten times the record, rendering 3.3-5.9 s -> 2.4-4.7 s, same files).
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 4 },
  // Hex content hashes: a mixed-case hash in an asset's name reads as a random token to the
  // publication gate's high-entropy rule; a one-case hash never does, and names stay content-derived.
  vite: {
    build: { assetsInlineLimit: 0, rollupOptions: { output: { hashCharacters: 'hex' } } },
    worker: { rollupOptions: { output: { hashCharacters: 'hex' } } },
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  markdown: {
    // No tokenizer time limit, as in the record's own highlighter: output must not depend on load.
    shikiConfig: { themes: CODE_THEMES, defaultColor: 'light', transformers: [untimedTokenizer] },
    // A translated heading takes its English heading's id, so that anchors are the same in every
    // locale; a Markdown table's header cells say which column they head.
    rehypePlugins: [rehypeSourceHeadingIds, rehypeHeaderCellScope],
  },
  // Build hooks run in this order: the sitemap, then the stage timer (its build:done mark ends the
  // sitemap's work), then the record (checks before rendering; everything after the pages, which
  // must come after the sitemap so the manifest lists it and the link check sees it).
  // `astro preview` serves dist/ as the host does (hostPreview.ts); the build never uses it.
  integrations: [
    // The sitemap lists the pages of the site the integration checked (Astro renders from it too).
    sitemap(sitemapOptions(() => loadSite().index)),
    stageTimesIntegration(),
    recordIntegration(),
    hostPreviewIntegration(),
  ],
});
