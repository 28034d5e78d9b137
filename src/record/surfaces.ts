/** The surface (section) a page belongs to, from its path: labels come from the UI strings. */
export type Surface = 'home' | 'specification' | 'registry' | 'guides' | 'schemas' | 'examples' | 'tools' | 'review' | 'about' | 'governance';

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
    case 'search':
      return 'tools';
    default:
      return 'about';
  }
}
