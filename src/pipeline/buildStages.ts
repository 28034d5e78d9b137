/**
 * The build's stages, in the order they run: the one list the build marks its progress by
 * (`UAIX_STAGE_TIMES`, the scale benchmark's spans) and the list of the stages in docs/build.md is
 * generated from (`npm run generate -- docs`). Stages 1 to 3 run in astro:config:setup, before
 * Astro; 5 to 11 in astro:build:done, on the rendered pages (recordStages.ts). A stage that finds
 * problems stops the build with one line per problem.
 */
import { markStage } from './stageTimes.ts';
import { fail } from './buildFailure.ts';

export interface BuildStage {
  /** The stage's name, as its progress mark records it. */
  name: string;
  /** What the scale benchmark calls the time up to its mark. */
  title: string;
  /** What it does, as docs/build.md's list item says it (Markdown, one string a line; links relative to docs/). */
  readme: readonly string[];
}

export const BUILD_STAGES = [
  {
    name: 'sources',
    title: 'file tree and redaction gate over the sources; the package packed beside',
    readme: [
      'the walk of every input (`content/`, `schemas/`, `editions/`, `public/`, `llms.txt`), before',
      'anything opens a file: only regular files and folders, no symbolic link (wherever it points), no',
      'FIFO, socket or device, no name with a control character or bytes that are not UTF-8, nothing the',
      'builder may not read; each refused entry is one line, all of them together (`[file-tree]`,',
      '`[file-read]`: a read the system refuses names the file and its code, never a write); then',
      'the redaction gate over the sources (`content/`, `schemas/` with every fixture, the route',
      'records, `public/`, the released `editions/`, the `llms.txt` head), each file read by its type',
      '(`src/record/checks/publishedFileTypes.ts`, its bytes checked against its name): text as text,',
      'PNG, JPEG, GIF and ICO in their metadata (text chunks, COM, XMP, EXIF and IPTC), PDFs in every',
      "string and stream (FlateDecode inflated), tar and gzip archives entry by entry, Pagefind's index",
      'in its strings; any other type, a dotfile (but `/.well-known/`) or a key or certificate file is',
      "refused. Each text is scanned with the core's secret patterns plus private endpoints",
      '(loopback and private-network addresses, `*.internal`/`*.local`/`*.corp` hosts, localhost URLs)',
      'and local traces (absolute local paths such as `/home/…` or `C:\\Users\\…`, stack trace lines).',
      'Each hit is one line, `file:line:column: kind: masked value [rule]` (or the place in a binary',
      'file: `file PNG tEXt chunk "Comment": …`); the findings of each text are kept by its sha256 in',
      '`.cache/redaction-findings.json` (no value stored), so a rebuild scans only the texts that changed,',
      'the allow-list applied afresh each build. A plainly fake',
      'documentation example passes only through `redaction-allowlist.json` (beside the sources, never',
      'published) (files, exact value, reason; or files, type, reason for a file published unread; an',
      'entry that allows nothing fails the build); then the',
      'package: `@uaix/uai-1` is compiled and packed (its tarball, digests and commands appear on the pages;',
      'the tarball in `.cache/package/` is reused while the digest of every file it is made from is unchanged',
      'and the tarball still has the sha256 recorded when it was packed and opens (gunzip, every tar header);',
      "it is packed on a worker thread beside Astro's start and content sync, and the build waits for it,",
      'and stops on its problems, before Astro bundles or renders anything); and every schema pattern',
      "(`pattern`, `patternProperties` keys in `schemas/` and the editions' schemas) shown linear by the",
      'ReDoS checker recheck before any schema is compiled (verdicts kept by pattern text in',
      '`.cache/schema-patterns.json`): one that backtracks catastrophically is one line',
      '(`file /pointer: … [schema-pattern-redos]`);',
    ],
  },
  {
    name: 'content',
    title: 'content, language, editions, changelog, errata and implementations checks',
    readme: [
      'the content check (every content file UTF-8 text of at most 1 MiB, no raw HTML in Markdown but',
      'the body markers, frontmatter, record codes unique and equal across locales, translations with',
      'an English source and a source digest and the headings of that source, level for level, one',
      'source per URL (a page beside the guide of its slug, or at an edition page, names both), route',
      'records valid, the requirements: see [Requirements](requirements.md)) and the language check (no',
      "rendering a locale's glossary bans, among them a second rendering of a concept and English BCP 14",
      'keywords outside the normative sources; French no-break spaces before `: ; ! ?` and inside « »;',
      'full-width punctuation in Chinese text; beside it the link-scheme check: every URL the prose',
      'links (inline links, images, definitions, autolinks, raw HTML `href`/`src`/`action`/`srcset`/…,',
      'frontmatter fields and data-file strings that are Markdown) and every URL field of a route',
      'record is relative or `https:`, `http:` or `mailto:`, decided after HTML entity decoding, what',
      'browsers strip and percent-decoding (`src/record/checks/linkScheme.ts`);',
      'one Markdown parse per text serves both, kept in `.cache/prose-parses.json`, so a rebuild parses only',
      "changed prose; it runs on a worker thread beside Astro's start and content sync, and its",
      'problems stop the build before Astro bundles or renders anything); then the committed editions',
      "against their indexes, the changelog's data files against their schema and the editions, the",
      "errata register (see [Errata](editions.md#errata)) and the implementations page's data (see",
      '[Implementations](implementations.md)); and `public/`: static assets only (SVG, PNG, JPEG, GIF, ICO,',
      'PDF, plain text; a page, script, stylesheet, data file or host rule comes from the build, where',
      'its rules read it), each SVG parsed as XML and published only when every element draws (no',
      '`script`, `foreignObject`, `style`, animation), no attribute is an event handler or a style and',
      'every reference is a `#fragment` or an allowed link (`src/record/checks/publicAssets.ts`);',
    ],
  },
  {
    name: 'fixtures',
    title: 'fixture check and requirement tracing',
    readme: [
      'the fixture check, for packets and for route records (every valid fixture validates, every',
      'invalid one fails with its declared code at its declared path; a valid fixture gives exactly the',
      "warnings its folder's `valid/_expected.json` names; every profile has a valid fixture; every error",
      'code is expected by at least one invalid fixture, every warning by a valid one); then each',
      'requirement is traced to the fixtures that test it;',
    ],
  },
  {
    name: 'astro',
    title: 'Astro: bundling and rendering the pages',
    readme: [
      '`astro build` (HTML for every page in every locale; no inline stylesheet or script); the server',
      "bundle Astro renders from reads its content store (`data-store.json` in Astro's cache folder) when",
      'it runs rather than carrying it inlined as one object literal, which Rollup, Vite and Node would',
      'each parse (`src/pipeline/dataStoreModule.ts`; what it saves at scale: `bench/RESULTS.md`);',
    ],
  },
  {
    name: 'machine records',
    title: 'machine records, the conformance report and the discovery records',
    readme: [
      'machine records (schemas at their `$id`, fixtures and keyless forms, conformance pack, field',
      'registry, route records, `/specification/uai-1/requirements.json` validated against its schema,',
      '`robots.txt`) and the package tarball at `/tools/<name>-<version>.tgz`; then the harness runs the',
      "package's own validator over the pack just written and publishes its report,",
      '`/implementations/uaix-conformance-report.json`, the committed reports at',
      '`/implementations/reports/<name>.json` and the matrix `/implementations/matrix.json` (see',
      '[Implementations](implementations.md));',
      'then the records tools find the others by (`src/record/machine/discoveryRecords.ts`): `/openapi.json`',
      '(OpenAPI 3.1 generated from the route records, complete offline: each GET route an operation with',
      'its media type, the schema its files link (the schemas of `schemas/uai-1/` held in',
      '`components/schemas`, every `$ref` inside the description), a documented 404, its path parameters',
      'with the values the record publishes (every fixture URL, invalid and keyless too) and its fallbacks',
      'as `x-uaix-fallbacks`; `redocly.yaml` says which lint rules it sets off and why), `/schema-catalog.json`',
      "(SchemaStore's catalog format: `*.uai.json`, `*.<profile>.uai.json` such as",
      "`reply.uai-agent-ack-v1.uai.json`, and `*.uai-route.json` to their schemas, for an editor's",
      '`json.schemas` setting) and `/.well-known/api-catalog` (an RFC 9727 linkset,',
      '`application/linkset+json`, validated against `schemas/site/api-catalog.schema.json`);',
    ],
  },
  {
    name: 'mirrors',
    title: 'mirrors (parse, build, validate, write), editions, errata, _headers',
    readme: [
      '`index.json` and `index.md` beside every page, each JSON mirror validated against',
      '`/schemas/site/page-mirror.schema.json`; from the same parse, the language share of every',
      "translated page (the letters of its main text not in the page's language, outside code, names and",
      'quoted values: `src/record/pages/languageShare.ts`), reported per locale with its worst pages, and',
      'a page whose share grew above its figure in `language-share.json` is one line',
      '(`[language-share]`; `npm run language-share` records the figures, `-- --check` compares them);',
      'the editions at `/editions/<id>/`, their bundles, the changes between consecutive editions',
      '(`/edition-changes/<id>.json`, `/changelog.json` and the feeds; released editions never change, so',
      'each bundle, word diff and classification is computed once from their bytes and kept in',
      '`.cache/edition-bundles.json`, `edition-changes.json` and `classified-changes.json`) and',
      "`/errata.json` (each erratum's section checked against its page's ids); then `_headers`: CORS",
      'and a revalidating `Cache-Control` on every machine-readable file, `immutable` only for',
      '`/_astro/` and the files in the edition folders, a Content-Security-Policy that allows the code',
      "blocks' exact `style` attributes by hash, and `Link` headers (RFC 8288): every page links its",
      'mirrors (`rel="alternate"` with their types), the manifest and `llms.txt` (`describedby`) and the',
      'API catalog (`api-catalog`); every JSON machine file but the conformance pack and the field',
      'registry links its schema (`describedby`); `_headers` is checked against the rules Cloudflare Pages',
      'and Netlify both document (at most 100 rules, 2,000 characters a line, one splat per pattern) first;',
    ],
  },
  {
    name: 'llms.txt',
    title: 'llms.txt, llms-full.txt',
    readme: ['`/llms.txt` and `/llms-full.txt`;'],
  },
  {
    name: 'pagefind',
    title: 'Pagefind (the time it runs past the stages beside it)',
    readme: [
      "Pagefind's search index: the build runs Pagefind's service process itself",
      "(`src/pipeline/pagefindService.ts`; Pagefind's Node API would let a dead process hang the build)",
      'and sends it every HTML page in path order, so the index does not depend on the order in which',
      'Astro renders pages or the filesystem lists a folder; it starts while Astro renders (each page is',
      'sent as it is rendered, when its turn comes) and ends while step 6 writes the mirrors. Tables are left out of',
      'the index (`data-pagefind-ignore`), so snippets come from prose; French pages reach Pagefind with',
      'a space after each elision (`l’ état`, `src/record/pages/searchText.ts`), so `état` finds `l’état`;',
      'queries drop the elided prefix and snippets lose the space again;',
    ],
  },
  {
    name: 'manifest',
    title: 'manifest (digest of every file)',
    readme: [
      '`/.well-known/uaix.json`, validated against its schema: the sha256 of every other published',
      "file (its `coverage` says it cannot list itself), and under `package` the tarball's sha256 and",
      "npm `integrity`, after checking that each GET route's",
      '`content_type` is the media type of the files its path names;',
    ],
  },
  {
    name: 'link check',
    title: 'link check',
    readme: [
      'every link and anchor in every page (the not-found page included), in `llms.txt`, the manifest',
      'and the route records, reported once per source file, at the line and column where the link is',
      'written (the content Markdown, else the file it is in); every URL attribute of every page',
      '(`href`, `src`, `action`, `formaction`, `srcset`, `xlink:href`, `poster`, `data`…) and every',
      'link of `llms.txt` and the manifest passes the link-scheme rule too, so a template or a generated',
      'string cannot publish one the sources could not; duplicate element ids fail too;',
    ],
  },
  {
    name: 'publication gates',
    title: 'publication gates (claims; redaction of the files written last)',
    readme: [
      "the publication gates: the core's claim detector over the rendered text of every page (block",
      'by block, in every locale), `llms.txt` and the machine records (no text may claim that UAIX',
      'provides hosted messaging, automatic sync, runtime orchestration, repository writes, official',
      'adapters, certification or hosted import), each claim reported at the source file and line its',
      'sentence comes from, once for all the pages it reached (the findings of each text are kept by its',
      'sha256 in `.cache/claim-findings.json`, so a rebuild reads only the texts that changed); and the',
      'redaction gate again over every file',
      'of `dist/`, each read by its type as in stage 1 (the package and edition tarballs entry by entry),',
      'which catches what templates or tools put there; the report counts the files read per kind',
      "(each file of `dist/` is read once for the manifest's digests and",
      'this scan; what was written before Pagefind ends is read and scanned while Pagefind runs).',
      'Then every folder of the new `dist/` is made `0755` and every file `0644` (none executable), so a',
      "web server running as another user reads them whatever the builder's umask, and it is swapped in.",
    ],
  },
] as const satisfies readonly BuildStage[];

export type StageName = (typeof BUILD_STAGES)[number]['name'];

/** Stages the build's code runs in no stage function of its own (Astro's rendering). */
const UNMARKED: readonly StageName[] = ['astro'];

/** The last stage passed in this process (a new build, or a rebuild in `astro dev`, starts at the first). */
let reached = -1;

/**
 * Marks the end of a stage (recorded only when UAIX_STAGE_TIMES names a file). A stage that ends
 * before a stage listed ahead of it, or after a later one, stops the build: the list is the order
 * the build runs, so every build checks that it is.
 */
export function passed(stage: StageName): void {
  const at = BUILD_STAGES.findIndex((entry) => entry.name === stage);
  if (at === 0) reached = -1;
  const skipped = BUILD_STAGES.slice(reached + 1, at).filter((entry) => !UNMARKED.includes(entry.name));
  if (at <= reached || skipped.length)
    fail('build stages', [
      {
        file: 'src/pipeline/buildStages.ts',
        message: `the stage "${stage}" ended ${at <= reached ? `after "${BUILD_STAGES[reached].name}"` : `before ${skipped.map((entry) => `"${entry.name}"`).join(', ')}`}`,
        rule: 'stage-order',
        hint: 'the build must run its stages in the order BUILD_STAGES lists them',
      },
    ]);
  reached = at;
  markStage(stage);
}

/** docs/build.md's numbered list of the stages. */
export function buildStageList(): string {
  return BUILD_STAGES.map((stage, at) => {
    const number = `${at + 1}. `;
    const [first, ...rest] = stage.readme;
    return [number + first, ...rest.map((line) => ' '.repeat(number.length) + line)].join('\n');
  }).join('\n');
}
