/**
 * How a reader moves through one locale of the record, all read off the page index: the sections
 * (the surfaces), one reading order through every page (previous/next), breadcrumbs and the
 * sidebar. The sidebar's size is bounded: the sections, plus at most SIDEBAR_PAGE_LIMIT pages of
 * the current section around the current page, so a larger record does not make every page heavier.
 */
import { pageUrl } from '../model/locales.ts';
import type { Page, PageIndex } from './pageIndex.ts';
import { SURFACES, SURFACE_INDEX_PATHS, surfaceOf, type Surface } from './surfaces.ts';
import { PAGE_PATHS } from './pagePaths.ts';

/** Pages of the current section the sidebar lists at most (the rest through the section's index page). */
export const SIDEBAR_PAGE_LIMIT = 9;

export interface Section {
  surface: Surface;
  /** The section's index page: the page at SURFACE_INDEX_PATHS, else the section's first page. */
  index: Page;
  /** Every page of the section in reading order, the index page first. */
  pages: Page[];
  /** Each page's place in `pages`, by URL: no page searches the whole section. */
  positionOf: Map<string, number>;
}

const byPath = (a: Page, b: Page) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

const sectionsCache = new WeakMap<PageIndex, Map<string, Section[]>>();

/** The sections of one locale that have pages, in SURFACES order; computed once per index and locale. */
export function sectionsOf(index: PageIndex, locale: string): Section[] {
  let perLocale = sectionsCache.get(index);
  if (!perLocale) sectionsCache.set(index, (perLocale = new Map()));
  const cached = perLocale.get(locale);
  if (cached) return cached;
  const grouped = new Map<Surface, Page[]>();
  for (const page of index.pages) {
    if (page.locale !== locale) continue;
    const surface = surfaceOf(page.path);
    if (!grouped.has(surface)) grouped.set(surface, []);
    grouped.get(surface)!.push(page);
  }
  const sections: Section[] = [];
  for (const surface of SURFACES) {
    const pages = grouped.get(surface);
    if (!pages) continue;
    pages.sort((a, b) => a.source.data.order - b.source.data.order || byPath(a, b));
    const at = pages.findIndex((page) => page.path === SURFACE_INDEX_PATHS[surface]);
    if (at > 0) pages.unshift(...pages.splice(at, 1));
    sections.push({
      surface,
      index: pages[0],
      pages,
      positionOf: new Map(pages.map((page, position) => [page.url, position])),
    });
  }
  perLocale.set(locale, sections);
  return sections;
}

/** Every page of the locale once: section by section, each section's index page first. */
export function readingOrder(index: PageIndex, locale: string): Page[] {
  return sectionsOf(index, locale).flatMap((section) => section.pages);
}

/** The page before and after, in the locale's reading order (crossing section boundaries). */
export function previousAndNext(index: PageIndex, page: Page): { previous?: Page; next?: Page } {
  const sections = sectionsOf(index, page.locale);
  const at = sections.findIndex((section) => section.positionOf.has(page.url));
  if (at < 0) return {};
  const { pages, positionOf } = sections[at];
  const position = positionOf.get(page.url)!;
  return {
    previous: pages[position - 1] ?? sections[at - 1]?.pages.at(-1),
    next: pages[position + 1] ?? sections[at + 1]?.pages[0],
  };
}

export function sectionOf(index: PageIndex, page: Page): Section {
  const surface = surfaceOf(page.path);
  return sectionsOf(index, page.locale).find((section) => section.surface === surface)!;
}

/**
 * Whether a section's index page is a parent of the page: it is when it is an ancestor on the path, or
 * when it is a section folder of its own (`registry`, `guides`). An index that is one page among its
 * siblings (`tools/validator`, `governance/changelog`) is no parent of the section's other pages.
 */
function sectionIndexIsParent(sectionIndex: Page, page: Page): boolean {
  return !sectionIndex.path.includes('/') || page.path.startsWith(`${sectionIndex.path}/`);
}

/**
 * Breadcrumb trail: the locale home, the section's index page when it is a parent, the ancestors on
 * the path that are pages, and the page itself last.
 */
export function breadcrumbsOf(index: PageIndex, page: Page): Page[] {
  const sectionIndex = sectionOf(index, page).index;
  const candidates = [
    index.byUrl.get(pageUrl(page.locale, PAGE_PATHS.home)),
    sectionIndexIsParent(sectionIndex, page) ? sectionIndex : undefined,
  ];
  const segments = page.path ? page.path.split('/') : [];
  for (let depth = 1; depth <= segments.length; depth++)
    candidates.push(index.byUrl.get(pageUrl(page.locale, segments.slice(0, depth).join('/'))));
  const trail: Page[] = [];
  for (const candidate of candidates) if (candidate && !trail.includes(candidate)) trail.push(candidate);
  return trail;
}

export interface SidebarSection {
  surface: Surface;
  url: string;
  /** The reader is on this section's index page. */
  current: boolean;
  /** The reader is somewhere in this section. */
  open: boolean;
  /** For the open section: its other pages near the current one (at most SIDEBAR_PAGE_LIMIT). */
  pages: { page: Page; current: boolean }[];
  /** For the open section: how many of its pages the list leaves out (read them from the index page). */
  omitted: number;
}

/** The sidebar of a page: every section, and the current section's pages around the current one. */
export function sidebarOf(index: PageIndex, page: Page, limit = SIDEBAR_PAGE_LIMIT): SidebarSection[] {
  const here = surfaceOf(page.path);
  return sectionsOf(index, page.locale).map((section) => {
    const open = section.surface === here;
    const members = open ? section.pages.slice(1) : [];
    // members starts at the section's second page; the index page itself is not a member (-1).
    const at = open ? (section.positionOf.get(page.url) ?? 0) - 1 : -1;
    // A window of `limit` pages centred on the current page, shifted to stay inside the list.
    const start = Math.max(0, Math.min(at < 0 ? 0 : at - Math.floor(limit / 2), members.length - limit));
    const shown = members.slice(start, start + limit);
    return {
      surface: section.surface,
      url: section.index.url,
      current: section.index.url === page.url,
      open,
      pages: shown.map((member) => ({ page: member, current: member.url === page.url })),
      omitted: members.length - shown.length,
    };
  });
}
