/**
 * Each record page's JSON-LD (schema.org): a TechArticle for specification, profile and guide
 * pages, a Dataset for the schema and fixture listings (with their files as distributions), and a
 * WebPage otherwise; each names its language, record code, last change and the site it is part
 * of. Only properties schema.org defines for the type are used (tests/build/structuredData.test.ts
 * checks them against a committed vocabulary subset).
 */
import type { PageRecord } from './pageIndex.ts';
import type { RecordModel } from './recordModel.ts';
import { LOCALES, SITE_ORIGIN, localeOf } from './locales.ts';
import { CONFORMANCE_PATH } from './publicPaths.ts';
import { mediaTypeOf } from './machineRecords.ts';
import { editionStatusLabel, type EditionStatus } from './editions.ts';

export type StructuredDataType = 'TechArticle' | 'Dataset' | 'WebPage';

const ARTICLE_PATHS = /^(specification|spec|registry|guides)\/.|^get-started$/;

export function structuredDataTypeOf(path: string): StructuredDataType {
  if (path === 'schemas' || path === 'examples') return 'Dataset';
  return ARTICLE_PATHS.test(path) ? 'TechArticle' : 'WebPage';
}

/** The Open Graph type that goes with it. */
export function openGraphTypeOf(type: StructuredDataType): 'article' | 'website' {
  return type === 'TechArticle' ? 'article' : 'website';
}

export interface StructuredDataInput {
  /** The site's name in the page's interface language. */
  siteName: string;
  /** When the page's text last changed (from git), YYYY-MM-DD. */
  lastChanged?: string;
  /** The record's edition status: its edition (version and date), or a draft since one. */
  edition?: EditionStatus;
}

export function pageStructuredData(
  page: PageRecord,
  model: RecordModel,
  input: StructuredDataInput,
): Record<string, unknown> {
  const type = structuredDataTypeOf(page.path);
  const files =
    page.path === 'schemas'
      ? model.schemas.map((schema) => schema.url)
      : page.path === 'examples'
        ? [CONFORMANCE_PATH]
        : [];
  return {
    '@context': 'https://schema.org',
    '@type': type,
    url: `${SITE_ORIGIN}${page.url}`,
    name: page.entry.data.title,
    description: page.entry.data.description,
    inLanguage: localeOf(page.entry.locale).lang,
    identifier: page.code,
    ...(input.lastChanged ? { dateModified: input.lastChanged } : {}),
    ...(input.edition
      ? {
          version: editionStatusLabel(input.edition),
          ...(input.edition.state === 'released' ? { datePublished: input.edition.date } : {}),
        }
      : {}),
    isPartOf: { '@type': 'WebSite', name: input.siteName, url: `${SITE_ORIGIN}/` },
    ...(files.length
      ? {
          distribution: files.map((path) => ({
            '@type': 'DataDownload',
            contentUrl: `${SITE_ORIGIN}${path}`,
            encodingFormat: mediaTypeOf(path),
          })),
        }
      : {}),
  };
}

/** The root language chooser describes the WebSite itself, in every language it is published in. */
export function siteStructuredData(siteName: string, description: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: `${SITE_ORIGIN}/`,
    description,
    inLanguage: LOCALES.map((locale) => locale.lang),
  };
}

/** JSON for a `<script type="application/ld+json">` element: `<` escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
