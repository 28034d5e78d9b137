/**
 * The locale-free URLs of the machine records. Pages, mirrors, the manifest, llms.txt and the
 * tests all build these URLs here, so a path changes in one place.
 */
export const SCHEMA_DIR_PATH = '/schemas/uai-1/';
export const EXAMPLES_DIR_PATH = '/examples/uai-1/';
export const CONFORMANCE_PATH = '/examples/uai-1/conformance.json';
export const FIELD_REGISTRY_PATH = '/uai-1-field-registry.json';
export const MANIFEST_PATH = '/.well-known/uaix.json';
export const LLMS_PATH = '/llms.txt';
export const LLMS_FULL_PATH = '/llms-full.txt';
export const SITEMAP_PATH = '/sitemap-index.xml';
export const ROBOTS_PATH = '/robots.txt';
/** The host's header rules: read by the static host, not served. */
export const HEADERS_PATH = '/_headers';
export const MIRROR_SCHEMA_PATH = '/schemas/site/page-mirror.schema.json';
export const MANIFEST_SCHEMA_PATH = '/schemas/site/uaix-manifest.schema.json';
export const TOOLS_DIR_PATH = '/tools/';

export function schemaPath(fileName: string): string {
  return `${SCHEMA_DIR_PATH}${fileName}`;
}

export function fixturePath(group: string, name: string, verdict: 'valid' | 'invalid'): string {
  return verdict === 'valid'
    ? `${EXAMPLES_DIR_PATH}${group}/${name}.json`
    : `${EXAMPLES_DIR_PATH}${group}/invalid/${name}.json`;
}

export function keylessFixturePath(group: string, name: string): string {
  return `${EXAMPLES_DIR_PATH}${group}/${name}.keyless.json`;
}

/** A downloadable tool, such as the package tarball. */
export function toolPath(fileName: string): string {
  return `${TOOLS_DIR_PATH}${fileName}`;
}

export function routeRecordPath(routeId: string): string {
  return `/routes/${routeId}.json`;
}

/** The two mirrors that sit beside every HTML page. */
export function mirrorPaths(pageUrl: string): { json: string; markdown: string } {
  return { json: `${pageUrl}index.json`, markdown: `${pageUrl}index.md` };
}
