/**
 * Page weight measured over a built site: the HTML file, the stylesheets it links, and the
 * JavaScript it runs at startup (`<script src>`, inline scripts, module preloads and the static
 * imports of those scripts). Dynamic `import()` chunks and Web Worker scripts are lazy: listed
 * apart, not counted as startup JS. 1 KB = 1000 bytes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { attr, findAll, parseHtml } from './html.ts';
import { initSync as initModuleLexer, parse as parseModule, ImportType } from 'es-module-lexer';

// The lexer is WebAssembly: ready before any script is measured.
initModuleLexer();

export const KB = 1000;

export interface PageWeight {
  page: string;
  html: number;
  css: number;
  js: number;
  stylesheets: string[];
  scripts: string[];
  /** Chunks the startup scripts load later with `import()` or start as a Web Worker. */
  lazy: string[];
  /** Referenced local files that do not exist. */
  missing: string[];
}

export interface Budget {
  html: number;
  css: number;
  /** Startup JS; 0 means the page runs no script at all. */
  js: number;
}

/**
 * Content pages run only the page shell's two scripts, the same files on every page: the theme
 * init in <head> and the enhancement that adds copy buttons, the theme control, the header's search
 * field and the current-section mark of "On this page", with Vite's loader for the search results,
 * which load lazily on the first keystroke (not counted here). 5 KB leaves room for small fixes,
 * not for a feature that should be its own island.
 */
export const CONTENT_PAGE_BUDGET: Budget = { html: 150 * KB, css: 20 * KB, js: 5 * KB };
/** The page shell's scripts (BaseHead.astro, RecordPage.astro): the only scripts a content page may run. */
export const SHELL_SCRIPT = /^\/_astro\/(themeInit|RecordPage\.astro_astro_type_script_index_0_lang)\.[\w-]+\.js$/;
/** The validator page: the page shell's scripts, the validator's starter (example, copy of the report) and no more. */
export const VALIDATOR_PAGE_BUDGET: Budget = { html: 150 * KB, css: 20 * KB, js: 12 * KB };
/**
 * Search pages: the page shell's scripts and the page's own results script (searchPage.ts, with the
 * Pagefind loader it shares with the header's search); Pagefind's engine and index load lazily.
 */
export const SEARCH_PAGE_BUDGET: Budget = { html: 150 * KB, css: 20 * KB, js: 12 * KB };
/** The search page's own scripts, beyond the shell's: its results and the Pagefind loader. */
export const SEARCH_SCRIPT_BUDGET = 4 * KB;
/**
 * An edition's page lists every changed file with its JSON Patch and word diff: a record of changes,
 * as large as the changes, with the content pages' CSS and scripts.
 */
export const EDITION_PAGE_BUDGET: Budget = { html: 1000 * KB, css: 20 * KB, js: 5 * KB };
/**
 * The validator worker: core, bundled schemas and their precompiled validators. It grew with the
 * claim lexicon in four languages, the new secret families and the portable required-text pattern,
 * which the precompiled validators repeat at every field that uses it, and with the route-record
 * schema's if/then rules (measurements in bench/RESULTS.md).
 */
export const VALIDATOR_ENGINE_BUDGET = 400 * KB;

const EXECUTABLE = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** Import specifiers of a script, read by es-module-lexer (strings and comments never count). */
function importsOf(code: string): { static: string[]; dynamic: string[] } {
  const [imports] = parseModule(code);
  const found = { static: [] as string[], dynamic: [] as string[] };
  for (const entry of imports) {
    if (entry.n === undefined) continue; // import.meta, or an import() of a computed expression
    if (entry.t === ImportType.Dynamic) found.dynamic.push(entry.n);
    else if (entry.t === ImportType.Static) found.static.push(entry.n);
  }
  return found;
}

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers of a script (not `import()`). */
export const staticImports = (code: string): string[] => importsOf(code).static;

export const dynamicImports = (code: string): string[] => importsOf(code).dynamic;

/** Scripts started as workers, as Vite writes them: `new Worker(new URL("/_astro/x.js", import.meta.url), …)`. */
export function workerScripts(code: string): string[] {
  return [...code.matchAll(/\bnew Worker\(\s*new URL\(\s*["']([^"']+)["']/g)].map((match) => match[1]);
}

/** Resolves a URL of the page to a public path of the site, or undefined when it is not local. */
function localPath(href: string, from: string): string | undefined {
  const url = new URL(href, `http://site.invalid${from}`);
  return url.origin === 'http://site.invalid' ? decodeURIComponent(url.pathname) : undefined;
}

export function measurePage(
  root: string,
  page: string,
  html: string = readFileSync(join(root, page.endsWith('/') ? `${page}index.html` : page), 'utf8'),
): PageWeight {
  const weight: PageWeight = {
    page,
    html: Buffer.byteLength(html),
    css: 0,
    js: 0,
    stylesheets: [],
    scripts: [],
    lazy: [],
    missing: [],
  };
  const tree = parseHtml(html);
  const size = (path: string) => {
    const file = join(root, path);
    if (!existsSync(file) || !statSync(file).isFile()) {
      weight.missing.push(path);
      return 0;
    }
    return statSync(file).size;
  };
  for (const link of findAll(
    tree,
    (element) => element.tagName === 'link' && (attr(element, 'rel') ?? '').split(/\s+/).includes('stylesheet'),
  )) {
    const path = localPath(attr(link, 'href') ?? '', page);
    if (!path || weight.stylesheets.includes(path)) continue;
    weight.stylesheets.push(path);
    weight.css += size(path);
  }
  const seen = new Set<string>();
  const addScript = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    weight.scripts.push(path);
    weight.js += size(path);
    const file = join(root, path);
    if (!existsSync(file)) return;
    const code = readFileSync(file, 'utf8');
    for (const specifier of staticImports(code)) {
      const target = localPath(specifier, path);
      if (target) addScript(target);
    }
    for (const specifier of [...dynamicImports(code), ...workerScripts(code)]) {
      const target = localPath(specifier, path);
      if (target && !weight.lazy.includes(target)) weight.lazy.push(target);
    }
  };
  for (const script of findAll(tree, (element) => element.tagName === 'script')) {
    if (!EXECUTABLE.has((attr(script, 'type') ?? '').toLowerCase())) continue;
    const src = attr(script, 'src');
    if (src) {
      const path = localPath(src, page);
      if (path) addScript(path);
      else weight.scripts.push(src);
    } else {
      const code = script.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
      if (code.trim()) {
        weight.scripts.push('(inline)');
        weight.js += Buffer.byteLength(code);
      }
    }
  }
  for (const preload of findAll(
    tree,
    (element) => element.tagName === 'link' && (attr(element, 'rel') ?? '').split(/\s+/).includes('modulepreload'),
  )) {
    const path = localPath(attr(preload, 'href') ?? '', page);
    if (path) addScript(path);
  }
  weight.lazy = weight.lazy.filter((path) => !seen.has(path));
  return weight;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per budget the page exceeds. */
export function checkBudget(weight: PageWeight, budget: Budget): string[] {
  const problems: string[] = [];
  if (weight.html > budget.html) problems.push(`${weight.page}: HTML ${kb(weight.html)} > ${kb(budget.html)}`);
  if (weight.css > budget.css)
    problems.push(`${weight.page}: CSS ${kb(weight.css)} > ${kb(budget.css)} (${weight.stylesheets.join(', ')})`);
  if (budget.js === 0 && weight.scripts.length)
    problems.push(
      `${weight.page}: runs ${weight.scripts.join(', ')} (${kb(weight.js)}); a content page runs no JavaScript`,
    );
  else if (weight.js > budget.js)
    problems.push(`${weight.page}: startup JS ${kb(weight.js)} > ${kb(budget.js)} (${weight.scripts.join(', ')})`);
  for (const path of weight.missing) problems.push(`${weight.page}: links ${path}, which is not in the site`);
  return problems;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A plain-text table of max and median per kind of page. */
export function budgetTable(groups: { name: string; weights: PageWeight[]; budget?: Budget }[]): string {
  const rows = [
    ['pages', 'n', 'HTML max', 'HTML median', 'CSS max', 'CSS median', 'JS max', 'JS median', 'budget (HTML/CSS/JS)'],
  ];
  for (const group of groups) {
    if (!group.weights.length) continue;
    const pick = (key: 'html' | 'css' | 'js') => group.weights.map((weight) => weight[key]);
    rows.push([
      group.name,
      String(group.weights.length),
      kb(Math.max(...pick('html'))),
      kb(median(pick('html'))),
      kb(Math.max(...pick('css'))),
      kb(median(pick('css'))),
      kb(Math.max(...pick('js'))),
      kb(median(pick('js'))),
      group.budget
        ? `${kb(group.budget.html)} / ${kb(group.budget.css)} / ${group.budget.js === 0 ? '0 (no JS)' : Number.isFinite(group.budget.js) ? kb(group.budget.js) : 'not limited'}`
        : '—',
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '),
    )
    .join('\n');
}
