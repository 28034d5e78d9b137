/**
 * An RFC 8288 `Link` header read as a client reads it: link-values separated by commas outside
 * `<…>` and quoted strings, each `<target>` then `; name=value` parameters. Written for the tests,
 * independently of the site's writer.
 */
export interface ParsedLink {
  target: string;
  params: Record<string, string>;
}

export function parseLinkHeader(value: string): ParsedLink[] {
  const links: ParsedLink[] = [];
  let at = 0;
  const skipSpace = () => {
    while (at < value.length && /[ \t]/.test(value[at])) at++;
  };
  while (at < value.length) {
    skipSpace();
    if (value[at] !== '<') throw new Error(`Link header: expected "<" at ${at} in ${value}`);
    const close = value.indexOf('>', at);
    if (close < 0) throw new Error(`Link header: unclosed "<" in ${value}`);
    const link: ParsedLink = { target: value.slice(at + 1, close), params: {} };
    at = close + 1;
    for (;;) {
      skipSpace();
      if (value[at] !== ';') break;
      at++;
      skipSpace();
      const name = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(value.slice(at))?.[0];
      if (!name) throw new Error(`Link header: expected a parameter name at ${at} in ${value}`);
      at += name.length;
      skipSpace();
      let parameter = '';
      if (value[at] === '=') {
        at++;
        skipSpace();
        if (value[at] === '"') {
          const end = value.indexOf('"', at + 1);
          if (end < 0) throw new Error(`Link header: unclosed quoted string in ${value}`);
          parameter = value.slice(at + 1, end);
          at = end + 1;
        } else {
          const token = /^[^\s;,]*/.exec(value.slice(at))![0];
          parameter = token;
          at += token.length;
        }
      }
      // RFC 8288 section 3: a parameter that occurs again is ignored.
      if (!(name.toLowerCase() in link.params)) link.params[name.toLowerCase()] = parameter;
    }
    links.push(link);
    skipSpace();
    if (at < value.length) {
      if (value[at] !== ',') throw new Error(`Link header: expected "," at ${at} in ${value}`);
      at++;
    }
  }
  return links;
}

/** The links whose `rel` (a space-separated list) includes `rel`, each target resolved against `base`. */
export function linksWithRel(value: string | null, rel: string, base: string): (ParsedLink & { url: string })[] {
  if (!value) return [];
  return parseLinkHeader(value)
    .filter((link) => (link.params.rel ?? '').toLowerCase().split(/\s+/).includes(rel))
    .map((link) => ({ ...link, url: new URL(link.target, base).href }));
}
