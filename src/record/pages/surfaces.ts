import { PAGE_PATHS } from './pagePaths.ts';

/** The surface (section) a page belongs to, from its path: labels come from the UI strings. */
export type Surface =
  | 'home'
  | 'specification'
  | 'registry'
  | 'guides'
  | 'schemas'
  | 'examples'
  | 'tools'
  | 'review'
  | 'about'
  | 'governance';

/** The surfaces in reading order: the sidebar's sections and the order of previous/next. */
export const SURFACES: readonly Surface[] = [
  'home',
  'specification',
  'registry',
  'guides',
  'schemas',
  'examples',
  'tools',
  'review',
  'about',
  'governance',
];

/** The page that opens each surface (its section index); a surface without one opens with its first page. */
export const SURFACE_INDEX_PATHS: Readonly<Record<Surface, string>> = {
  home: PAGE_PATHS.home,
  specification: PAGE_PATHS.specification,
  registry: PAGE_PATHS.registry,
  guides: PAGE_PATHS.guides,
  schemas: PAGE_PATHS.schemas,
  examples: PAGE_PATHS.examples,
  tools: PAGE_PATHS.validator,
  review: PAGE_PATHS.review,
  about: PAGE_PATHS.about,
  governance: PAGE_PATHS.changelog,
};

export function surfaceOf(path: string): Surface {
  const first = path.split('/')[0];
  switch (first) {
    case '':
      return 'home';
    case 'specification':
    case 'spec':
      return 'specification';
    case 'registry':
    case 'guides':
    case 'schemas':
    case 'examples':
    case 'tools':
    case 'review':
    case 'governance':
      return first;
    case 'get-started':
      return 'guides';
    case 'editions':
      return 'governance';
    case 'search':
      return 'tools';
    default:
      return 'about';
  }
}
