/**
 * Code a page carries inline, which the site's Content-Security-Policy forbids: `<script>` without
 * `src` (data blocks such as JSON-LD excepted: browsers never run them), `<style>` elements,
 * `on…` event-handler attributes, `javascript:` URLs, and `style` attributes the policy does not
 * allow by hash. Read from the HTML alone, so the build checks and the browser tests agree.
 */
import { createHash } from 'node:crypto';
import { attr, walk, type Root } from './html.ts';

/** Script types a browser executes; anything else in `type` is a data block. */
const EXECUTABLE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/jscript|text\/livescript)$/i;

/** The `'sha256-…'` sources of one directive of a policy. */
export function policyHashes(policy: string, directive: string): Set<string> {
  const value = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === directive);
  return new Set((value ?? '').split(/\s+/).filter((source) => source.startsWith("'sha256-")));
}

export function styleHash(value: string): string {
  return `'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`;
}

export function inlineCodeProblems(tree: Root, page: string, policy: string): string[] {
  const problems: string[] = [];
  const allowedStyles = policyHashes(policy, 'style-src-attr');
  walk(tree, (element) => {
    if (
      element.tagName === 'script' &&
      attr(element, 'src') === undefined &&
      EXECUTABLE.test((attr(element, 'type') ?? '').trim())
    ) {
      problems.push(`${page}: an inline <script> (${JSON.stringify(toSnippet(element))})`);
    }
    if (element.tagName === 'style') problems.push(`${page}: an inline <style> element`);
    for (const [name, value] of Object.entries(element.properties ?? {})) {
      if (/^on[a-z]/i.test(name)) problems.push(`${page}: an inline event handler ${name} on <${element.tagName}>`);
      if (typeof value === 'string' && /^\s*javascript:/i.test(value))
        problems.push(`${page}: a javascript: URL in ${name} on <${element.tagName}>`);
    }
    const style = attr(element, 'style');
    if (style !== undefined && !allowedStyles.has(styleHash(style)))
      problems.push(`${page}: a style attribute the policy does not allow (${JSON.stringify(style)})`);
  });
  return problems;
}

function toSnippet(element: Parameters<typeof attr>[0]): string {
  const text = element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  return text.trim().slice(0, 60);
}
