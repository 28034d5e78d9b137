/**
 * `npm run lint`'s layer check: the rules of `.dependency-cruiser.cjs` over `src/`, `scripts/` and
 * `bin/`, the `.astro` templates included. dependency-cruiser has no Astro reader: it would read a
 * template as loose JavaScript and find only some of its imports. So this script serves each
 * template to it as the imports the template makes (`astroTemplateImports`), one plain import per
 * line; resolving, the rules and the report stay dependency-cruiser's. Exits 1 when a rule is broken.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { fileURLToPath } from 'node:url';
import { astroTemplateImports } from './astroImports.ts';

const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCANNED = ['src', 'scripts', 'bin'];

/** The template as dependency-cruiser reads it: one side-effect import per specifier, plain JavaScript. */
function astroAsImports(source: string): string {
  return astroTemplateImports(source)
    .map((specifier) => `import ${JSON.stringify(specifier)};\n`)
    .join('');
}

/** Serves `.astro` files read as text as their imports; every other read is untouched. */
function readTemplatesAsImports(): void {
  const readFileSync = fs.readFileSync;
  fs.readFileSync = ((path: fs.PathOrFileDescriptor, options?: unknown) => {
    const content = readFileSync(path, options as BufferEncoding);
    return typeof path === 'string' && path.endsWith('.astro') && typeof content === 'string' ? astroAsImports(content) : content;
  }) as typeof fs.readFileSync;
  // dependency-cruiser imports `readFileSync` from node:fs by name; this makes that binding the wrapper.
  syncBuiltinESMExports();
}

/** dependency-cruiser scans directories only for extensions it can read, so templates are named one by one. */
function astroFiles(): string[] {
  return fs
    .readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => `src/${file}`)
    .sort();
}

process.chdir(REPOSITORY_ROOT);
readTemplatesAsImports();
const { cruise } = await import('dependency-cruiser');
const { default: loadConfig } = await import('dependency-cruiser/config-utl/extract-depcruise-config');
const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
const ruleSet = await loadConfig('./.dependency-cruiser.cjs');
const result = await cruise(
  [...SCANNED, ...astroFiles()],
  { ruleSet, validate: true, outputType: 'err' },
  {},
  { tsConfig: extractTSConfig('tsconfig.json') },
);
process.stdout.write(String(result.output));
process.exitCode = result.exitCode;
