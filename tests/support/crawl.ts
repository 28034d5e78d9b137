/**
 * A URL-only crawler: what a client with plain GET and no JavaScript can reach. From seed URLs it
 * fetches every URL of the site it finds, reads links out of HTML (`<a>`, `<link>`, `<script>`,
 * `<img>`, GET `<form action>`), Markdown and plain text (`[text](url)`: llms.txt and the `.md`
 * mirrors) and XML sitemaps (`<loc>`), and checks that every link answers 200 without a redirect and
 * that every `#anchor` names an element id of the target page. URLs on the public origin
 * (https://uaix.org/…) are the site itself and are fetched from the local server. Other origins
 * are recorded, never fetched.
 */
import { idsOf, linksOf, parseHtml } from './html.ts';

export interface CrawlOptions {
  /** Origin of the server holding the site, e.g. `http://127.0.0.1:4321`. */
  origin: string;
  /** Paths or absolute URLs to start from. */
  seeds: string[];
  /** Origins that name the same site (e.g. `https://uaix.org`); their URLs are fetched from `origin`. */
  aliases?: string[];
  fetch?: typeof fetch;
  /** Parallel requests (default 8). */
  concurrency?: number;
}

export interface Resource {
  /** Site path with query, no fragment: `/en-us/`, `/llms.txt`. */
  path: string;
  status: number;
  contentType: string;
  location?: string;
  /** Body text of readable resources (HTML, XML, text, Markdown, JSON). */
  body?: string;
  /** Element ids, for HTML. */
  ids?: Set<string>;
  error?: string;
}

export interface Edge {
  from: string;
  to: string;
  fragment?: string;
  href: string;
  kind: string;
}

export interface CrawlResult {
  resources: Map<string, Resource>;
  edges: Edge[];
  external: Set<string>;
  /** Broken links and anchors, one line each. */
  problems: string[];
}

const kindOf = (contentType: string): 'html' | 'xml' | 'text' | 'json' | 'other' => {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/html') return 'html';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'text/markdown' || type === 'text/plain') return 'text';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  return 'other';
};

export const isHtml = (resource: Resource | undefined): boolean =>
  !!resource && resource.status === 200 && kindOf(resource.contentType) === 'html';

function decodeXml(text: string): string {
  return text.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
  );
}

/** Links of a Markdown or plain-text document: `[text](url)` and `<url>` autolinks. */
export function markdownLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(match[1]);
  for (const match of text.matchAll(/<(https?:\/\/[^>\s]+)>/g)) links.push(match[1]);
  return links;
}

/** The `<loc>` URLs of a sitemap or sitemap index. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((match) => decodeXml(match[1]));
}

/** The origin the site is fetched from and every origin that names the same site. */
interface SiteOrigins {
  origin: string;
  aliases: Set<string>;
}

/** Where a link points: a site path (with its `#fragment`), another origin, or nowhere to fetch. */
type LinkTarget = { path: string; fragment?: string } | { external: string } | undefined;

/** The site path a link names, resolved against the page it is on. */
function resolveLink(href: string, base: string, site: SiteOrigins): LinkTarget {
  if (/^(mailto|tel|data|javascript):/i.test(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href, new URL(base, site.origin));
  } catch {
    return { path: `(unparseable URL ${href})` };
  }
  if (!site.aliases.has(url.origin)) return { external: url.href };
  return {
    path: `${url.pathname}${url.search}`,
    fragment: url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined,
  };
}

/** GET one path without following redirects; the body is read only for a 200 of a readable kind. */
async function fetchResource(get: typeof fetch, origin: string, path: string): Promise<Resource> {
  const resource: Resource = { path, status: 0, contentType: '' };
  try {
    const response = await get(new URL(path, origin), { method: 'GET', redirect: 'manual' });
    resource.status = response.status;
    resource.contentType = response.headers.get('content-type') ?? '';
    resource.location = response.headers.get('location') ?? undefined;
    if (response.status !== 200 || kindOf(resource.contentType) === 'other') await response.arrayBuffer();
    else resource.body = await response.text();
  } catch (error) {
    resource.error = (error as Error).message;
  }
  return resource;
}

/** The links a fetched resource holds; records its element ids when it is HTML. */
function linksIn(resource: Resource): { href: string; kind: string }[] {
  if (resource.body === undefined) return [];
  const kind = kindOf(resource.contentType);
  if (kind === 'html') {
    const tree = parseHtml(resource.body);
    resource.ids = idsOf(tree);
    return linksOf(tree);
  }
  if (kind === 'xml') return sitemapLocs(resource.body).map((href) => ({ href, kind: 'loc' }));
  if (kind === 'text') return markdownLinks(resource.body).map((href) => ({ href, kind: 'markdown' }));
  return [];
}

/** Runs `visit` over the queue, at most `limit` at a time, until the queue is empty and nothing runs. */
function drainQueue(queue: string[], limit: number, visit: (path: string) => Promise<void>): Promise<void> {
  let active = 0;
  return new Promise<void>((done) => {
    const pump = () => {
      while (active < limit && queue.length) {
        active += 1;
        visit(queue.shift()!).finally(() => {
          active -= 1;
          pump();
        });
      }
      if (!active && !queue.length) done();
    };
    pump();
  });
}

/** One line per seed that does not answer 200, per broken link and per missing anchor, each once. */
function crawlProblems(
  seeds: { seed: string; path: string }[],
  resources: Map<string, Resource>,
  edges: Edge[],
): string[] {
  const problems: string[] = [];
  for (const { seed, path } of seeds) {
    const resource = resources.get(path);
    if (resource && resource.status !== 200) problems.push(`seed ${seed}: ${describe(resource)}`);
  }
  for (const edge of edges) {
    const target = resources.get(edge.to)!;
    if (target.status !== 200) {
      problems.push(`${edge.from}: ${edge.kind} ${edge.href} → ${describe(target)}`);
      continue;
    }
    if (edge.fragment && target.ids && !target.ids.has(edge.fragment)) {
      problems.push(`${edge.from}: ${edge.kind} ${edge.href} → ${edge.to} has no element with id "${edge.fragment}"`);
    }
  }
  return [...new Set(problems)];
}

export async function crawl(options: CrawlOptions): Promise<CrawlResult> {
  const get = options.fetch ?? fetch;
  const origin = new URL(options.origin).origin;
  const site: SiteOrigins = {
    origin,
    aliases: new Set([origin, ...(options.aliases ?? []).map((alias) => new URL(alias).origin)]),
  };
  const resources = new Map<string, Resource>();
  const edges: Edge[] = [];
  const external = new Set<string>();
  const queue: string[] = [];
  const queued = new Set<string>();

  /** The site path a link names, or undefined when it leaves the site (then it is recorded as external). */
  const sitePathOf = (href: string, base: string): { path: string; fragment?: string } | undefined => {
    const target = resolveLink(href, base, site);
    if (target && 'external' in target) {
      external.add(target.external);
      return undefined;
    }
    return target;
  };
  const enqueue = (path: string) => {
    if (queued.has(path)) return;
    queued.add(path);
    queue.push(path);
  };
  const visit = async (path: string) => {
    resources.set(path, { path, status: 0, contentType: '' });
    try {
      const resource = await fetchResource(get, origin, path);
      resources.set(path, resource);
      for (const link of linksIn(resource)) {
        const target = sitePathOf(link.href, path);
        if (!target) continue;
        edges.push({ from: path, to: target.path, fragment: target.fragment, href: link.href, kind: link.kind });
        enqueue(target.path);
      }
    } catch (error) {
      resources.get(path)!.error = (error as Error).message;
    }
  };

  const seeds = options.seeds.flatMap((seed) => {
    const target = sitePathOf(seed, '/');
    return target ? [{ seed, path: target.path }] : [];
  });
  for (const { path } of seeds) enqueue(path);
  await drainQueue(queue, options.concurrency ?? 8, visit);
  return { resources, edges, external, problems: crawlProblems(seeds, resources, edges) };
}

function describe(resource: Resource): string {
  if (resource.error) return `request failed (${resource.error})`;
  if (resource.status >= 300 && resource.status < 400)
    return `${resource.status} redirect to ${resource.location ?? '?'} (link to the final URL)`;
  return `${resource.status}`;
}

/**
 * Paths reachable from a start path by following edges (all kinds by default). With
 * `kinds: ['a[href]']` it answers "reachable by clicking links".
 */
export function reachableFrom(result: CrawlResult, start: string, kinds?: string[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const edge of result.edges) {
    if (kinds && !kinds.includes(edge.kind)) continue;
    if (!next.has(edge.from)) next.set(edge.from, []);
    next.get(edge.from)!.push(edge.to);
  }
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length) {
    for (const to of next.get(stack.pop()!) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      if (result.resources.get(to)?.status === 200) stack.push(to);
    }
  }
  return seen;
}
