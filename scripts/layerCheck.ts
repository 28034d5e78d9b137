/**
 * The layer rules of `.dependency-cruiser.cjs`, `.astro` templates included. dependency-cruiser has
 * no Astro reader: it skips templates when it scans a folder and reads a named one as loose
 * JavaScript, finding only some of its imports. So while it runs, each template is served to it as
 * the imports the template makes (`astroTemplateImports`, read with Astro's own compiler), one plain
 * import per line; resolving, the rules and the report stay dependency-cruiser's.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { parse } from '@astrojs/compiler/sync';
import { is } from '@astrojs/compiler/utils';
import type { Node } from '@astrojs/compiler/types';

/**
 * The module specifiers a template imports (static, dynamic and type-only), in source order: its
 * frontmatter's and those of every `<script>` Astro bundles (an `is:inline` one is left as written).
 */
export function astroTemplateImports(source: string): string[] {
  const { ast } = parse(source, { position: false });
  const code: string[] = [];
  // The compiler's own `walk` visits children asynchronously; this walk is synchronous.
  const visit = (node: Node): void => {
    if (is.frontmatter(node)) code.push(node.value);
    else if (
      is.element(node) &&
      node.name === 'script' &&
      !node.attributes.some((attribute) => attribute.name === 'is:inline')
    ) {
      code.push(node.children.map((child) => (is.text(child) ? child.value : '')).join(''));
    }
    if (is.parent(node)) node.children.forEach(visit);
  };
  visit(ast);
  return code.flatMap((text) => ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName));
}

/** The template as dependency-cruiser reads it: one side-effect import per specifier, plain JavaScript. */
function astroAsImports(source: string): string {
  return astroTemplateImports(source)
    .map((specifier) => `import ${JSON.stringify(specifier)};\n`)
    .join('');
}

let templatesServedAsImports = false;

/** Serves `.astro` files read as text as their imports; every other read is untouched. */
function serveTemplatesAsImports(): void {
  if (templatesServedAsImports) return;
  templatesServedAsImports = true;
  const readFileSync = fs.readFileSync;
  fs.readFileSync = ((path: fs.PathOrFileDescriptor, options?: unknown) => {
    const content = readFileSync(path, options as BufferEncoding);
    return typeof path === 'string' && path.endsWith('.astro') && typeof content === 'string'
      ? astroAsImports(content)
      : content;
  }) as typeof fs.readFileSync;
  // dependency-cruiser imports `readFileSync` from node:fs by name; this makes that binding the wrapper.
  syncBuiltinESMExports();
}

/** dependency-cruiser scans folders only for extensions it can read, so templates are named one by one. */
function astroFilesUnder(root: string, folder: string): string[] {
  return fs
    .readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => `${folder}/${file}`)
    .sort();
}

export interface LayerCheckOptions {
  /** Folders to check, relative to `root`; templates are looked for under the first. */
  folders: string[];
  /** The dependency-cruiser configuration (its rules and options). */
  configFile: string;
  /** The tsconfig.json that says how TypeScript resolves imports, if any. */
  tsConfigFile?: string;
}

/** Runs the rules over `root`: the report as dependency-cruiser's `err` output, and the number of errors. */
export async function checkLayers(
  root: string,
  options: LayerCheckOptions,
): Promise<{ report: string; errors: number }> {
  serveTemplatesAsImports();
  const { cruise } = await import('dependency-cruiser');
  const { default: loadConfig } = await import('dependency-cruiser/config-utl/extract-depcruise-config');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const ruleSet = await loadConfig(options.configFile);
  const result = await cruise(
    [...options.folders, ...astroFilesUnder(root, options.folders[0])],
    { ruleSet, validate: true, outputType: 'err', baseDir: root },
    {},
    { tsConfig: options.tsConfigFile ? extractTSConfig(options.tsConfigFile) : undefined },
  );
  return { report: String(result.output), errors: result.exitCode };
}
