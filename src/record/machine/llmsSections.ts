/** The generated sections of /llms.txt and the one-file English record /llms-full.txt. */
import type { PageIndex, Page } from '../pages/pageIndex.ts';
import type { RecordModel } from '../model/recordModel.ts';
import type { LlmsLink, LlmsSection } from './llmsTxt.ts';
import type { BuiltPageMirror } from '../pages/pageMirror.ts';
import { SITE_ORIGIN, SOURCE_LOCALE } from '../model/locales.ts';
import {
  API_CATALOG_PATH,
  OPENAPI_PATH,
  SCHEMA_CATALOG_PATH,
  CONFORMANCE_PATH,
  REFERENCE_REPORT_PATH,
  IMPLEMENTATIONS_MATRIX_PATH,
  FIELD_REGISTRY_PATH,
  LLMS_FULL_PATH,
  MANIFEST_PATH,
  SITEMAP_PATH,
  mirrorPaths,
  routeRecordPath,
} from '../model/publicPaths.ts';
import { siblingsOf } from '../pages/pageIndex.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';
import type { PackageRelease } from '../implementations/packageCommands.ts';

const absolute = (path: string) => `${SITE_ORIGIN}${path}`;

/** A page's llms.txt link: its Markdown mirror, its description and record code. */
export function pageLink(page: Page) {
  return {
    title: page.entry.data.title,
    url: absolute(mirrorPaths(page.url).markdown),
    note: `${page.entry.data.description} (${page.code})`,
  };
}

/** English pages in reading order: by collection, then `order`; the editions' pages last. */
export function englishReadingOrder(index: PageIndex): Page[] {
  const english = index.pages.filter((page) => page.locale === SOURCE_LOCALE);
  const collections = ['pages', 'guides', 'registry', 'editions'];
  return collections.flatMap((collection) => {
    const first = english.find((page) => page.collection === collection);
    return first ? siblingsOf(index, first) : [];
  });
}

/** The record's pages named in a section of their own; the rest of the `pages` collection goes to Optional. */
const PAGES_IN_NAMED_SECTIONS: ReadonlySet<string> = new Set<string>([
  PAGE_PATHS.specification,
  PAGE_PATHS.agentFallbacks,
  PAGE_PATHS.registry,
  PAGE_PATHS.getStarted,
  PAGE_PATHS.guides,
  PAGE_PATHS.schemas,
  PAGE_PATHS.examples,
  PAGE_PATHS.validator,
  PAGE_PATHS.review,
  PAGE_PATHS.search,
  // The Editions section (editionRecords.ts) links it.
  PAGE_PATHS.editions,
]);

/** The validator package's tarball, its conformance report and the implementations matrix. */
function packageLinks(release: PackageRelease): LlmsLink[] {
  return [
    {
      title: `${release.name} ${release.version} (npm package tarball)`,
      url: absolute(release.path),
      note: `The uaix command and the UAI-1 library, ${release.license}, no dependencies; check its ${release.sha256} (also in the manifest) before running it`,
    },
    {
      title: `Conformance report of ${release.name} ${release.version}`,
      url: absolute(REFERENCE_REPORT_PATH),
      note: 'The harness (uaix conformance) run by the build over the conformance pack with the package in process; it states what the package answered on that pack, and nothing more (JSON)',
    },
    {
      title: 'Implementations matrix',
      url: absolute(IMPLEMENTATIONS_MATRIX_PATH),
      note: 'Every requirement against every conformance report the record holds (the one above and the reports committed for other implementations), each cell pass, partial, fail or untested with its passed and total cases (JSON)',
    },
  ];
}

/** The site-wide machine records of the Optional section: manifest, catalogs, OpenAPI, llms-full.txt, sitemap. */
function siteRecordLinks(): LlmsLink[] {
  return [
    {
      title: 'Site manifest',
      url: absolute(MANIFEST_PATH),
      note: 'Publisher, profiles, locales, machine routes, route records and the sha256 of every other published file (JSON)',
    },
    {
      title: 'API catalog',
      url: absolute(API_CATALOG_PATH),
      note: 'RFC 9727 linkset of every machine record: manifest, OpenAPI description, schemas, conformance pack, field registry, route records (application/linkset+json)',
    },
    {
      title: 'OpenAPI description',
      url: absolute(OPENAPI_PATH),
      note: 'OpenAPI 3.1, generated from the route records: each GET route with its media type, schema and fallbacks (x-uaix-fallbacks)',
    },
    {
      title: 'Editor schema catalog',
      url: absolute(SCHEMA_CATALOG_PATH),
      note: 'SchemaStore catalog format: *.uai.json, *.<profile>.uai.json and *.uai-route.json to their schemas',
    },
    {
      title: 'The English record in one file',
      url: absolute(LLMS_FULL_PATH),
      note: 'Every English page as Markdown',
    },
    { title: 'Sitemap', url: absolute(SITEMAP_PATH), note: 'Every HTML page with its translations' },
  ];
}

export function llmsSections(
  index: PageIndex,
  model: RecordModel,
  routes: { routeId: string; record: { title?: string; description?: string } }[],
  release: PackageRelease,
): LlmsSection[] {
  const english = (path: string) => index.byUrl.get(`/${SOURCE_LOCALE}/${path ? `${path}/` : ''}`);
  const pick = (...paths: string[]) =>
    paths
      .map(english)
      .filter((page): page is Page => Boolean(page))
      .map(pageLink);
  const profiles = englishReadingOrder(index).filter((page) => page.collection === 'registry');
  const guides = englishReadingOrder(index).filter((page) => page.collection === 'guides');
  return [
    {
      name: 'Specification',
      links: [
        ...pick(PAGE_PATHS.specification, PAGE_PATHS.agentFallbacks),
        {
          title: 'UAI-1 field registry',
          url: absolute(FIELD_REGISTRY_PATH),
          note: 'Ordered fields, required and nullable keyless indexes, identifier grammar and error codes, derived from the schemas (JSON)',
        },
      ],
    },
    { name: 'Registry', links: [...pick(PAGE_PATHS.registry), ...profiles.map(pageLink)] },
    { name: 'Guides', links: [...pick(PAGE_PATHS.getStarted, PAGE_PATHS.guides), ...guides.map(pageLink)] },
    {
      name: 'Schemas',
      links: [
        ...pick(PAGE_PATHS.schemas, PAGE_PATHS.examples),
        ...model.schemas.map((schema) => ({ title: schema.fileName, url: schema.id, note: schema.description })),
        {
          title: 'Conformance pack',
          url: absolute(CONFORMANCE_PATH),
          note: 'Every valid and invalid fixture with its expected verdict, error code and digest (JSON)',
        },
      ],
    },
    {
      name: 'Tools',
      links: [
        ...pick(PAGE_PATHS.validator, PAGE_PATHS.review),
        ...packageLinks(release),
        ...routes.map((route) => ({
          title: `Route record ${route.routeId}`,
          url: absolute(routeRecordPath(route.routeId)),
          note: route.record.description ?? route.record.title ?? '',
        })),
      ],
    },
    {
      name: 'Optional',
      links: [
        ...siteRecordLinks(),
        ...englishReadingOrder(index)
          .filter((page) => page.collection === 'pages' && !PAGES_IN_NAMED_SECTIONS.has(page.path) && page.path !== '')
          .map(pageLink),
      ],
    },
  ];
}

/** A page of an llms-full.txt: its public URL (path) and its mirror's body. */
export interface LlmsFullPart {
  url: string;
  body: string;
}

/**
 * An llms-full.txt: a title, a one-line summary, then each page's mirror body (without its own
 * frontmatter and llms.txt pointer) under a source line. The site's and each edition bundle's use it.
 */
export function llmsFullDocument(title: string, summary: string, parts: readonly LlmsFullPart[]): string {
  const texts = parts.map((part) => `<!-- ${absolute(part.url)} -->\n\n${part.body}\n`);
  return `# ${title}\n\n> ${summary}\n\n${texts.join('\n---\n\n')}`;
}

export function llmsFullText(index: PageIndex, mirrors: ReadonlyMap<string, Pick<BuiltPageMirror, 'body'>>): string {
  const parts = englishReadingOrder(index).map((page) => {
    const mirror = mirrors.get(page.url);
    if (!mirror) throw new Error(`${page.url}: no mirror was built`);
    return { url: page.url, body: mirror.body };
  });
  return llmsFullDocument(
    'UAIX public standards record: the English record',
    `Every English page of ${SITE_ORIGIN}, as Markdown, in reading order. The English text and the JSON records are authoritative.`,
    parts,
  );
}
