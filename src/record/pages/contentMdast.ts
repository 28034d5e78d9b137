/**
 * hast-util-to-mdast's `toMdast`, for a tree the caller has copied for it, at a fifth of the cost.
 *
 * `toMdast` first copies the whole tree with structuredClone (its whitespace minifier changes the
 * tree), then runs hast-util-minify-whitespace, which builds its element tests again at every node
 * (`isElement(node, blocks)` turns a list of sixty tag names into sixty closures per call). On the
 * record's pages those two were two thirds of the Markdown conversion and a quarter of the mirror
 * stage. Here the caller hands over a tree whose children arrays and text nodes are its own (the
 * only parts the minifier changes; pageMirror's `withoutChrome` makes it), the minifier is the same
 * algorithm with its tag lists as sets, and the conversion is hast-util-to-mdast's own state and
 * handlers. It gives `toMdast`'s tree, source positions aside: tests/unit/record/contentMdast.test.ts
 * compares the two on fragments for each branch, tests/build/contentMdastPages.test.ts on every built page.
 *
 * The library's lists and its state are imported from their files because its package exports
 * only `toMdast`; package-lock.json pins the version these paths were written against.
 */
import type { Element, Nodes, Parents, Root, Text } from 'hast';
import type {
  Nodes as MdastNodes,
  Parents as MdastParent,
  Root as MdastRoot,
  RootContent as MdastRootContent,
} from 'mdast';
import { createState } from '../../../node_modules/hast-util-to-mdast/lib/state.js';
import { blocks } from '../../../node_modules/hast-util-minify-whitespace/lib/block.js';
import { content as contents } from '../../../node_modules/hast-util-minify-whitespace/lib/content.js';
import { skippable as skippables } from '../../../node_modules/hast-util-minify-whitespace/lib/skippable.js';

const BLOCKS = new Set<string>(blocks);
const CONTENTS = new Set<string>(contents);
const SKIPPABLES = new Set<string>(skippables);
/** hast-util-embedded's elements. */
const EMBEDDED = new Set(['audio', 'canvas', 'embed', 'iframe', 'img', 'math', 'object', 'picture', 'svg', 'video']);

/** Converts `tree`, which it changes: give it a copy whose children arrays and text nodes are not shared. */
export function toMdastInPlace(tree: Element | Root): MdastRoot {
  minify(tree, { whitespace: 'normal' });
  const state = createState({});
  indexIds(tree, state.elementById);
  const result = state.one(tree, undefined);
  const mdast: MdastNodes = !result
    ? { type: 'root', children: [] }
    : Array.isArray(result)
      ? { type: 'root', children: result as MdastRootContent[] }
      : result;
  if ('children' in mdast) tidyText(mdast);
  return mdast as MdastRoot;
}

/** The first element of each id, in document order (what `#id` links resolve to). */
function indexIds(node: Element | Root, elementById: Map<string, Element>): void {
  if (node.type === 'element') {
    const id = String(node.properties.id || '') || undefined;
    if (id && !elementById.has(id)) elementById.set(id, node);
  }
  for (const child of node.children) if (child.type === 'element') indexIds(child, elementById);
}

/**
 * toMdast's last pass (there with unist-util-visit, here a loop: the visitor's calls were a tenth
 * of the mirror stage): merge adjacent text nodes, trim the whitespace the handlers left around
 * line endings and at the edges of headings and paragraphs, drop text left empty.
 */
function tidyText(parent: MdastParent): void {
  const children = parent.children as MdastNodes[];
  let index = 0;
  while (index < children.length) {
    const node = children[index];
    if (node.type !== 'text') {
      if ('children' in node) tidyText(node);
      index++;
      continue;
    }
    const previous = children[index - 1];
    if (previous && previous.type === 'text') {
      previous.value += node.value;
      children.splice(index, 1);
      // The merged node is tidied again, with its whole value.
      index--;
      continue;
    }
    node.value = tightenFirstLineEnding(node.value);
    if (parent.type === 'heading' || parent.type === 'paragraph' || parent.type === 'root') {
      if (!index) node.value = node.value.replace(/^[\t ]+/, '');
      if (index === children.length - 1) node.value = trimEndTabsAndSpaces(node.value);
    }
    if (!node.value) children.splice(index, 1);
    else index++;
  }
}

const isTabOrSpace = (character: string | undefined) => character === '\t' || character === ' ';

/**
 * The first line ending (CR LF, LF or CR) without the tabs and spaces around it: what toMdast
 * does with a regular expression whose search is quadratic (a long run of tabs with no line
 * ending after it is retried from every tab), in one pass.
 */
export function tightenFirstLineEnding(value: string): string {
  const newline = value.indexOf('\n');
  const carriageReturn = value.indexOf('\r');
  const at = carriageReturn < 0 ? newline : newline < 0 ? carriageReturn : Math.min(newline, carriageReturn);
  if (at < 0) return value;
  const ending = value[at] === '\r' && value[at + 1] === '\n' ? '\r\n' : value[at];
  let start = at;
  while (isTabOrSpace(value[start - 1])) start--;
  let end = at + ending.length;
  while (isTabOrSpace(value[end])) end++;
  return value.slice(0, start) + ending + value.slice(end);
}

/** `value` without its trailing tabs and spaces, in one backward pass (toMdast's expression retries from every tab). */
export function trimEndTabsAndSpaces(value: string): string {
  let end = value.length;
  while (isTabOrSpace(value[end - 1])) end--;
  return value.slice(0, end);
}

// ---------------------------------------------------------------------------------------------
// hast-util-minify-whitespace 1.0.1 (rehype-minify-whitespace without `newlines`), step for step.

type Whitespace = 'normal' | 'nowrap' | 'pre' | 'pre-wrap';

interface MinifyState {
  whitespace: Whitespace;
  before?: boolean;
  after?: boolean;
}

interface MinifyResult {
  remove: boolean;
  ignore: boolean;
  stripAtStart: boolean;
}

const isElementIn = (node: Nodes, names: Set<string>) => node.type === 'element' && names.has(node.tagName);
const ignorable = (node: Nodes) => node.type === 'comment' || node.type === 'doctype';
const blocklike = (node: Nodes) => isElementIn(node, BLOCKS);
const contributesContent = (node: Nodes | undefined) =>
  node !== undefined && (isElementIn(node, EMBEDDED) || isElementIn(node, CONTENTS));
const skippable = (node: Nodes) =>
  (node.type === 'element' && Boolean(node.properties.hidden)) || ignorable(node) || isElementIn(node, SKIPPABLES);
const collapse = (value: string) => String(value).replace(/[\t\n\v\f\r ]+/g, ' ');
const removable = (character: string) => character === ' ' || character === '\n';
/** hast-util-whitespace: nothing but inter-element whitespace. */
const onlyWhitespace = (value: string) => value.replace(/[ \t\n\f\r]/g, '') === '';

function minify(node: Nodes, state: MinifyState): MinifyResult {
  if ('children' in node) {
    const settings = { ...state };
    if (node.type === 'root' || blocklike(node)) {
      settings.before = true;
      settings.after = true;
    }
    settings.whitespace = inferWhiteSpace(node, state);
    return all(node, settings);
  }
  if (node.type === 'text') {
    if (state.whitespace === 'normal') return minifyText(node, state);
    if (state.whitespace === 'nowrap') node.value = collapse(node.value);
  }
  return { ignore: ignorable(node), stripAtStart: false, remove: false };
}

function minifyText(node: Text, state: MinifyState): MinifyResult {
  const value = collapse(node.value);
  const result = { ignore: false, stripAtStart: false, remove: false };
  let start = 0;
  let end = value.length;
  if (state.before && removable(value.charAt(0))) start++;
  if (start !== end && removable(value.charAt(end - 1))) {
    if (state.after) end--;
    else result.stripAtStart = true;
  }
  if (start === end) result.remove = true;
  else node.value = value.slice(start, end);
  return result;
}

function all(parent: Parents, state: MinifyState): MinifyResult {
  let before = state.before;
  const after = state.after;
  const children = parent.children as Nodes[];
  let length = children.length;
  let index = -1;
  while (++index < length) {
    const result = minify(children[index], { ...state, after: collapsableAfter(children, index, after), before });
    if (result.remove) {
      children.splice(index, 1);
      index--;
      length--;
    } else if (!result.ignore) {
      before = result.stripAtStart;
    }
    if (contributesContent(children[index])) before = false;
  }
  return { ignore: false, stripAtStart: Boolean(before || after), remove: false };
}

function collapsableAfter(nodes: Nodes[], index: number, after?: boolean): boolean | undefined {
  while (++index < nodes.length) {
    const node = nodes[index];
    let result = inferBoundary(node);
    if (result === undefined && 'children' in node && !skippable(node))
      result = collapsableAfter(node.children as Nodes[], -1);
    if (typeof result === 'boolean') return result;
  }
  return after;
}

function inferBoundary(node: Nodes): boolean | undefined {
  if (node.type === 'element') {
    if (contributesContent(node)) return false;
    if (blocklike(node)) return true;
  } else if (node.type === 'text') {
    if (!onlyWhitespace(node.value)) return false;
  } else if (!ignorable(node)) {
    return false;
  }
  return undefined;
}

function inferWhiteSpace(node: Parents, state: MinifyState): Whitespace {
  if ('tagName' in node && node.properties) {
    switch (node.tagName) {
      case 'listing':
      case 'plaintext':
      case 'script':
      case 'style':
      case 'xmp':
        return 'pre';
      case 'nobr':
        return 'nowrap';
      case 'pre':
        return node.properties.wrap ? 'pre-wrap' : 'pre';
      case 'td':
      case 'th':
        return node.properties.noWrap ? 'nowrap' : state.whitespace;
      case 'textarea':
        return 'pre-wrap';
      default:
    }
  }
  return state.whitespace;
}
