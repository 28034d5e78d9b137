/**
 * A route record's path template read as OpenAPI reads it: segment by segment, each `{name}` a
 * path parameter whose value is one whole segment or part of one, never a `/`. Used to find which
 * published files a template names and the values its parameters take on them (the enums of
 * /openapi.json). A segment holds at most one parameter: two side by side could split a value in
 * several ways, which no reader of the description could tell apart.
 */

interface SegmentTemplate {
  prefix: string;
  /** The parameter's name, or undefined for a literal segment. */
  name?: string;
  suffix: string;
}

function segmentTemplate(segment: string, template: string): SegmentTemplate {
  const open = segment.indexOf('{');
  if (open < 0) {
    if (segment.includes('}')) throw new Error(`path template ${template}: a "}" without "{"`);
    return { prefix: segment, suffix: '' };
  }
  const close = segment.indexOf('}', open);
  const suffix = segment.slice(close + 1);
  if (close < 0 || suffix.includes('{') || suffix.includes('}') || segment.slice(0, open).includes('}'))
    throw new Error(`path template ${template}: each segment holds at most one {parameter}`);
  return { prefix: segment.slice(0, open), name: segment.slice(open + 1, close), suffix };
}

/** The parameter values a path gives the template, or undefined when the template does not name it. */
function match(segments: readonly SegmentTemplate[], path: string): [string, string][] | undefined {
  const parts = path.split('/');
  if (parts.length !== segments.length) return undefined;
  const values: [string, string][] = [];
  for (const [index, { prefix, name, suffix }] of segments.entries()) {
    const part = parts[index];
    if (name === undefined) {
      if (part !== prefix) return undefined;
      continue;
    }
    if (part.length <= prefix.length + suffix.length || !part.startsWith(prefix) || !part.endsWith(suffix))
      return undefined;
    values.push([name, part.slice(prefix.length, part.length - suffix.length)]);
  }
  return values;
}

export interface TemplateValues {
  /** Each parameter's values over the named files, in the template's order. */
  values: Map<string, Set<string>>;
  /** The paths the template names. */
  files: string[];
}

/** The paths a template names and the values each of its parameters takes on them. */
export function templateValues(template: string, paths: readonly string[]): TemplateValues {
  const segments = template.split('/').map((segment) => segmentTemplate(segment, template));
  const values = new Map<string, Set<string>>(
    segments.flatMap(({ name }) => (name === undefined ? [] : [[name, new Set<string>()] as const])),
  );
  const files: string[] = [];
  for (const path of paths) {
    const found = match(segments, path);
    if (!found) continue;
    files.push(path);
    for (const [name, value] of found) values.get(name)!.add(value);
  }
  return { values, files };
}
