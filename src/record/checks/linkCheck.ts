/**
 * The site's link checker: every internal link and anchor in every built page, and every URL in
 * llms.txt and the manifest, must resolve to a file in dist/ (and an element id for #anchors).
 * It knows the URL scheme: `/x/` is `/x/index.html`, and https://uaix.org/… is the site itself.
 */
import { LOCALES, SITE_ORIGIN } from '../model/locales.ts';
import { htmlFileUrl } from '../model/publicPaths.ts';
import type { Problem } from '../../uai/problem.ts';
import { LINK_SCHEME_HINT, LINK_SCHEME_RULE, linkSchemeMessage, refusedScheme } from './linkScheme.ts';

export interface LinkSource {
  /** Public path of the page or file the link is in; relative links resolve against it. */
  file: string;
  href: string;
}

export interface SiteFiles {
  /** Public paths of every file in dist (e.g. `/en-us/index.html`, `/llms.txt`). */
  has(path: string): boolean;
  /** Element ids of an HTML file, by public path of the file. */
  idsOf(path: string): ReadonlySet<string> | undefined;
}

/** The public file a URL names, or undefined for links that leave the site. */
export function targetOf(href: string, fromPath: string): { file: string; fragment?: string } | undefined {
  if (/^(mailto|tel|data|javascript):/i.test(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href, `${SITE_ORIGIN}${fromPath}`);
  } catch {
    return { file: href };
  }
  if (url.origin !== SITE_ORIGIN) return undefined;
  let file = decodeURIComponent(url.pathname);
  if (file.endsWith('/')) file += 'index.html';
  const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
  return { file, fragment };
}

/**
 * Where a broken link is written, as the problem names it: a file (a content file, a built page, a
 * route record), its line and column when known, and the page that shows it when the file is a
 * page's source.
 */
export interface LinkPlace {
  file: string;
  place?: { line: number; column: number };
  page?: string;
}

/** The rules a link breaks: its target is not built, or its target has no element with its anchor. */
export const LINK_TARGET_RULE = 'link-target';
export const LINK_ANCHOR_RULE = 'link-anchor';

// Locale codes are letters and hyphens: nothing in them needs escaping in a pattern.
const LOCALE_SEGMENT = new RegExp(`/(?:${LOCALES.map((locale) => locale.code).join('|')})/`, 'g');
const anyLocale = (text: string) => text.replace(LOCALE_SEGMENT, '/<locale>/');

/**
 * A problem per broken link or anchor, and per link whose scheme the record does not publish
 * (linkScheme.ts: whoever wrote it, a content file, a template or a generated text), once per
 * place it is written: a link in a Markdown text, or in a template, breaks on every page that
 * shows it in each locale, and is reported for the first.
 * `placeOf` names where a link is written (by default its file); it is asked only for broken links.
 */
export function checkLinks(
  links: LinkSource[],
  site: SiteFiles,
  placeOf: (link: LinkSource) => LinkPlace = (link) => ({ file: link.file }),
): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  const report = (link: LinkSource, rule: string, broken: (on: string) => string, hint?: string) => {
    const { file, place, page } = placeOf(link);
    const key = anyLocale(`${file}:${place?.line}:${place?.column} ${link.href}`);
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({
      file,
      ...(place && { place }),
      message: broken(page ? ` on ${page}` : ''),
      rule,
      ...(hint && { hint }),
    });
  };
  for (const link of links) {
    const refused = refusedScheme(link.href);
    if (refused !== undefined) {
      report(link, LINK_SCHEME_RULE, (on) => linkSchemeMessage(link.href, refused, on), LINK_SCHEME_HINT);
      continue;
    }
    const fromPath = link.file.startsWith('/') ? link.file : `/${link.file}`;
    const target = targetOf(link.href, htmlFileUrl(fromPath));
    if (!target) continue;
    if (!site.has(target.file)) {
      report(
        link,
        LINK_TARGET_RULE,
        (on) => `link ${link.href}${on} points at ${target.file}, which is not in the built site`,
      );
      continue;
    }
    if (target.fragment && target.file.endsWith('.html')) {
      const ids = site.idsOf(target.file);
      if (ids && !ids.has(target.fragment))
        report(
          link,
          LINK_ANCHOR_RULE,
          (on) => `link ${link.href}${on} names the anchor #${target.fragment}, which ${target.file} does not have`,
        );
    }
  }
  return problems;
}
