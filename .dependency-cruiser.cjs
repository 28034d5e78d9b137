/**
 * The layers, as configuration (docs/architecture.md): imports only point down.
 *   src/pipeline  →  src/site  →  src/record  →  src/uai
 *   src/pages, src/layouts, src/components  →  src/site  →  src/record  →  src/uai
 *   src/cli → src/uai;  bin/, scripts/, tests/, bench/ and astro.config.mjs may use any layer.
 * src/pipeline is the build around Astro (the record's integration, its stages, the package): nothing
 * in src/ imports it, and it never imports the templates (Astro renders them, between its hooks).
 * `src/uai/` and `src/record/` stay free of Node and Astro, except in `node/` folders: a concept's
 * `node/` folder holds its file reading and writing, and `src/record/node/` the plumbing they share.
 * `npm run lint` runs these rules with scripts/lint-layers.ts, which also reads the imports of the
 * `.astro` templates (frontmatter and bundled scripts); the plain `depcruise` command sees no template.
 */

/**
 * The floors of src/record/, bottom to top (docs/architecture.md, "The floors of src/record/"): a
 * folder imports only the floors below it, never one above, so no two concept folders import each
 * other. Each folder's `node/` sub-folder stands on its floor. A new folder is placed here first:
 * an import into a folder not on this list is refused (tests/unit/recordFloors.test.ts checks the
 * list against the folders that exist).
 */
const RECORD_FLOORS = [
  'generated', // types generated from the schemas
  'model', // the record's model: locales, config, schemas and fixtures, public paths, JSON shapes
  'node', // the file plumbing every node/ folder shares: walks, caches, digests, workers
  'pages', // the page table, page paths, Markdown mirrors, navigation
  'content', // content/ read and checked: Markdown, frontmatter, locale data, prose texts
  'requirements', // BCP 14 requirements: ids, markup, trace, history
  'editions', // released editions, changelog, errata, edition pages
  'implementations', // implementations, their reports and matrix, the package and its commands
  'machine', // machine records: manifest, llms.txt, API catalog, sitemap, JSON-LD, edition bundles
  'checks', // the build's gates over everything below: language, links, claims, redaction
  'deployment', // verifying a deployed copy against its manifest (npm run verify)
];

/** One rule per floor: nothing on it imports a floor above. */
const recordFloorRules = RECORD_FLOORS.slice(0, -1).map((floor, index) => ({
  name: `record-floor-${floor}`,
  severity: 'error',
  comment: `src/record/ floors, bottom to top: ${RECORD_FLOORS.join(' → ')}. ${floor}/ imports only the floors below it.`,
  from: { path: `^src/record/${floor}/` },
  to: { path: `^src/record/(${RECORD_FLOORS.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...recordFloorRules,
    {
      name: 'record-folders-on-a-floor',
      severity: 'error',
      comment: `Inside src/record/, imports go only to a folder on a floor (${RECORD_FLOORS.join(', ')}): place a new folder in RECORD_FLOORS first.`,
      from: { path: '^src/record/' },
      to: { path: '^src/record/', pathNot: `^src/record/(${RECORD_FLOORS.join('|')})/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import loop makes two modules one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-stays-core',
      severity: 'error',
      comment: 'src/uai/ is the standard: it imports nothing of the CLI, the record, the site or the templates.',
      from: { path: '^src/uai/' },
      to: { path: '^src/(cli|record|site|components|layouts|pages)/' },
    },
    {
      name: 'cli-uses-only-the-core',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: '^src/(record|site|components|layouts|pages)/' },
    },
    {
      name: 'record-below-the-site',
      severity: 'error',
      comment:
        'src/record/ is the site logic as plain functions: it uses the core, never the CLI, site glue or templates.',
      from: { path: '^src/record/' },
      to: { path: '^src/(cli|site|components|layouts|pages)/' },
    },
    {
      name: 'site-glue-below-the-templates',
      severity: 'error',
      from: { path: '^src/site/' },
      to: { path: '^src/(cli|components|layouts|pages)/' },
    },
    {
      name: 'nothing-in-src-imports-the-build',
      severity: 'error',
      comment:
        'src/pipeline/ drives the build from outside: astro.config.mjs and scripts/ call it; no module it builds may import it.',
      from: { path: '^src/', pathNot: '^src/pipeline/' },
      to: { path: '^src/pipeline/' },
    },
    {
      name: 'build-drives-the-templates-through-astro',
      severity: 'error',
      comment:
        'src/pipeline/ uses the site glue, the record and the core; the templates and the CLI are built, not imported.',
      from: { path: '^src/pipeline/' },
      to: { path: '^src/(cli|components|layouts|pages)/' },
    },
    {
      name: 'pure-modules-without-node',
      severity: 'error',
      comment: 'Outside node/ folders, src/uai/ and src/record/ run in the browser too.',
      from: { path: '^src/(uai|record)/', pathNot: ['^src/(uai|record)/node/', '^src/record/[^/]+/node/'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'pure-modules-without-astro',
      severity: 'error',
      from: { path: '^src/(uai|record)/' },
      to: { path: '^node_modules/astro/' },
    },
    {
      name: 'core-reads-no-site-content',
      severity: 'error',
      comment: 'The core knows schemas/, not the site content/.',
      from: { path: '^src/uai/' },
      to: { path: '^content/' },
    },
    {
      name: 'templates-below-the-build',
      severity: 'error',
      comment:
        'Templates draw what src/site, src/record and src/uai compute; the CLI and the build scripts are not theirs.',
      from: { path: '^src/(pages|layouts|components)/' },
      to: { path: '^(src/cli|scripts|bin)/' },
    },
    {
      name: 'pages-on-top',
      severity: 'error',
      comment: 'A page is a route: layouts and components never import one.',
      from: { path: '^src/(layouts|components)/' },
      to: { path: '^src/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
