/**
 * Its own module because BaseHead.astro writes these tags: importing them from pageMirror.ts made
 * Astro's bundler load and parse the HTML and Markdown libraries of the mirror stage, which no page uses.
 */
/** The `<meta name>`s through which a page tells its mirrors what record it is (written by BaseHead.astro). */
export const RECORD_META = {
  code: 'uaix:record-code',
  locale: 'uaix:locale',
  contentLocale: 'uaix:content-locale',
  state: 'uaix:translation-state',
  surface: 'uaix:surface',
  lastChanged: 'uaix:last-changed',
  edition: 'uaix:edition',
  editionId: 'uaix:edition-id',
  editionDate: 'uaix:edition-date',
  editionState: 'uaix:edition-state',
  editionReleasedText: 'uaix:edition-released-text',
} as const;
