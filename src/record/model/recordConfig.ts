/**
 * The record's configuration (record.config.json, schema schemas/site/record-config.schema.json):
 * what the record states once and every page and machine record reads.
 */
export interface RecordLicense {
  /** SPDX identifier. */
  id: string;
  name: string;
  /** The licence text. */
  url: string;
}

export interface RecordConfig {
  license: RecordLicense;
  /** The report channel's URL template (`{code}`, `{url}`), or null when the record has none. */
  reportChannel: string | null;
}

/**
 * The href of a page's report link: the channel's template with the record code and the page's
 * absolute URL filled in, each URL-encoded; null when the record has no report channel (then no
 * page shows a report link).
 */
export function reportHref(config: Pick<RecordConfig, 'reportChannel'>, code: string, pageUrl: string): string | null {
  if (config.reportChannel === null) return null;
  return config.reportChannel.replace(/\{(code|url)\}/g, (_, name: string) =>
    encodeURIComponent(name === 'code' ? code : pageUrl),
  );
}
