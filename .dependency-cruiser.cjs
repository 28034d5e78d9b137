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
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
