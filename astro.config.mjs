// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { sitemapOptions } from './src/record/node/sitemapOptions.ts';
import { stageTimesIntegration } from './src/record/node/stageTimes.ts';
import { CODE_THEMES } from './src/record/highlight.ts';

export default defineConfig({
  site: 'https://uaix.org',
  trailingSlash: 'always',
  // No inline <style> or <script>: the Content-Security-Policy in _headers allows neither.
  build: { format: 'directory', inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
  compressHTML: true,
  devToolbar: { enabled: false },
  markdown: {
    shikiConfig: { themes: CODE_THEMES, defaultColor: 'light' },
  },
  // The stage timer comes last so that its build:done mark follows the sitemap's work.
  integrations: [sitemap(sitemapOptions()), stageTimesIntegration()],
});
