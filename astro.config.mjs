// @ts-check
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import { sitemapOptions } from './src/record/node/sitemapOptions.ts';
import { CODE_THEMES } from './src/record/highlight.ts';

export default defineConfig({
  site: 'https://uaix.org',
  trailingSlash: 'always',
  build: { format: 'directory' },
  compressHTML: true,
  devToolbar: { enabled: false },
  markdown: {
    shikiConfig: { themes: CODE_THEMES, defaultColor: 'light' },
  },
  integrations: [sitemap(sitemapOptions())],
  // Scripts stay files, never inline: a host CSP of `script-src 'self'` (no 'unsafe-inline') must
  // still run the validator's starter.
  vite: { build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) } },
});
