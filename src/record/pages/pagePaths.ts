/**
 * The pages the record's code refers to by role, with their paths (a page's URL is
 * `/<locale>/<path>/`). Templates, the llms.txt sections, the section index, the normative set and
 * the staleness rule all read this one table instead of spelling paths; a test checks that each
 * path is a page of the English record.
 */
export const PAGE_PATHS = {
  home: '',
  getStarted: 'get-started',
  projectHandoff: 'guides/project-handoff',
  specification: 'specification/uai-1',
  coverage: 'specification/uai-1/coverage',
  agentFallbacks: 'spec/agent-fallbacks',
  registry: 'registry',
  guides: 'guides',
  schemas: 'schemas',
  examples: 'examples',
  validator: 'tools/validator',
  conformance: 'tools/conformance',
  implementations: 'tools/implementations',
  api: 'tools/api',
  review: 'review',
  roadmap: 'roadmap',
  about: 'about',
  search: 'search',
  editions: 'editions',
  changelog: 'governance/changelog',
  errata: 'governance/errata',
  glossary: 'governance/glossary',
  translationStatus: 'governance/translation-status',
} as const;

/** A profile page's path: `registry/<profile page>`. */
export const isProfilePage = (path: string): boolean => path.startsWith(`${PAGE_PATHS.registry}/`);

/** Whether a page's path is one of the normative pages an edition freezes. */
export function isNormativePage(path: string): boolean {
  return (
    path === PAGE_PATHS.specification ||
    path === PAGE_PATHS.registry ||
    isProfilePage(path) ||
    path === PAGE_PATHS.agentFallbacks
  );
}
