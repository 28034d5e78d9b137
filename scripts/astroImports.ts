/**
 * The imports an Astro template makes, read with Astro's own compiler: its frontmatter's and those
 * of every `<script>` Astro bundles (an `is:inline` script is left as written, so it imports nothing).
 */
import ts from 'typescript';
import { parse } from '@astrojs/compiler/sync';
import { is } from '@astrojs/compiler/utils';
import type { Node } from '@astrojs/compiler/types';

/** The module specifiers a template imports (static, dynamic and type-only), in source order. */
export function astroTemplateImports(source: string): string[] {
  const { ast } = parse(source, { position: false });
  const code: string[] = [];
  // The compiler's own `walk` visits children asynchronously; this walk is synchronous.
  const visit = (node: Node): void => {
    if (is.frontmatter(node)) code.push(node.value);
    else if (is.element(node) && node.name === 'script' && !node.attributes.some((attribute) => attribute.name === 'is:inline')) {
      code.push(node.children.map((child) => (is.text(child) ? child.value : '')).join(''));
    }
    if (is.parent(node)) node.children.forEach(visit);
  };
  visit(ast);
  return code.flatMap((text) => ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName));
}
