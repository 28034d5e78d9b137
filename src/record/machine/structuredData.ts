/**
 * Each record page's JSON-LD (schema.org): a TechArticle for specification, profile and guide
 * pages, a Dataset for the schema and fixture listings and each edition's page (with their files as
 * distributions; an edition's bundle with its sha256 and size), and a
 * WebPage otherwise; each names its language, record code, last change and the site it is part
 * of. Only properties schema.org defines for the type are used (tests/build/structuredData.test.ts
 * checks them against a committed vocabulary subset).
 */
import { scriptJson } from '../model/scriptJson.ts';
import type { Page } from '../pages/pageIndex.ts';
import type { RecordModel } from '../model/recordModel.ts';
import { LOCALES, SITE_ORIGIN, localeOf } from '../model/locales.ts';
import { CONFORMANCE_PATH } from '../model/publicPaths.ts';
import { mediaTypeOf } from './machineRecords.ts';
import { pageEditionStatusLabel, type PageEditionStatus } from '../editions/pageStatus.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';

export type StructuredDataType = 'TechArticle' | 'Dataset' | 'WebPage';

const ARTICLE_PATHS = /^(specification|spec|registry|guides)\/.|^get-started$/;

/** An edition's own page: `editions/<id>` (not the list of editions). */
const EDITION_PAGE = /^editions\/[^/]+$/;

export function structuredDataTypeOf(path: string): StructuredDataType {
  if (path === PAGE_PATHS.schemas || path === PAGE_PATHS.examples || EDITION_PAGE.test(path)) return 'Dataset';
  return ARTICLE_PATHS.test(path) ? 'TechArticle' : 'WebPage';
}

/** The Open Graph type that goes with it. */
export function openGraphTypeOf(type: StructuredDataType): 'article' | 'website' {
  return type === 'TechArticle' ? 'article' : 'website';
}

/** A file a page offers for download, with its digest and size when it is one the reader should check. */
export interface StructuredDownload {
  path: string;
  mediaType: string;
  /** sha256:<hex> */
  sha256?: string;
  bytes?: number;
}

export interface StructuredDataInput {
  /** The site's name in the page's interface language. */
  siteName: string;
  /** When the page's text last changed (from git), YYYY-MM-DD. */
  lastChanged?: string;
  /** When the page's text was first published (from git), YYYY-MM-DD. */
  firstPublished?: string;
  /** The page's own edition status (pageStatus.ts): the edition it is published in, or why it is not. */
  edition?: PageEditionStatus;
  /** The URL of the record's licence (record.config.json). */
  license?: string;
  /** The files an edition page offers (its bundle and index), as the Dataset's distribution. */
  downloads?: readonly StructuredDownload[];
}

const organisation = (name: string) => ({ '@type': 'Organization', name, url: `${SITE_ORIGIN}/` });

export function pageStructuredData(
  page: Page,
  model: RecordModel,
  input: StructuredDataInput,
): Record<string, unknown> {
  const type = structuredDataTypeOf(page.path);
  const paths =
    page.path === PAGE_PATHS.schemas
      ? model.schemas.map((schema) => schema.url)
      : page.path === PAGE_PATHS.examples
        ? [CONFORMANCE_PATH]
        : [];
  const files: StructuredDownload[] = [
    ...paths.map((path) => ({ path, mediaType: mediaTypeOf(path) })),
    ...(input.downloads ?? []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': type,
    url: `${SITE_ORIGIN}${page.url}`,
    name: page.entry.data.title,
    headline: page.entry.data.title,
    description: page.entry.data.description,
    inLanguage: localeOf(page.entry.locale).lang,
    identifier: page.code,
    ...(input.firstPublished ? { datePublished: input.firstPublished } : {}),
    ...(input.lastChanged ? { dateModified: input.lastChanged } : {}),
    // The page's own edition status as its version; a page editions do not freeze has no version to state.
    ...(input.edition && input.edition.state !== 'informative'
      ? { version: pageEditionStatusLabel(input.edition) }
      : {}),
    // The record speaks for itself: it is the author and the publisher of every page.
    author: organisation(input.siteName),
    publisher: organisation(input.siteName),
    isPartOf: { '@type': 'WebSite', name: input.siteName, url: `${SITE_ORIGIN}/` },
    ...(input.license ? { license: input.license } : {}),
    ...(files.length
      ? {
          distribution: files.map((file) => ({
            '@type': 'DataDownload',
            contentUrl: `${SITE_ORIGIN}${file.path}`,
            encodingFormat: file.mediaType,
            // schema.org's sha256 is the bare hex digest.
            ...(file.sha256 ? { sha256: file.sha256.replace(/^sha256:/, '') } : {}),
            ...(file.bytes !== undefined ? { contentSize: `${file.bytes} bytes` } : {}),
          })),
        }
      : {}),
  };
}

/** The root language chooser describes the WebSite itself, in every language it is published in. */
export function siteStructuredData(siteName: string, description: string, license?: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: `${SITE_ORIGIN}/`,
    description,
    inLanguage: LOCALES.map((locale) => locale.lang),
    ...(license ? { license } : {}),
  };
}

/** JSON for a `<script type="application/ld+json">` element, escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return scriptJson(data);
}
