/**
 * Functions a reader can hold (issue 42 part 5): every hand-written function, method, accessor,
 * constructor, arrow or function expression longer than a limit, read with the TypeScript compiler
 * API. A function's lines run from its first token (after its doc comment) to its last, nested
 * functions included: a short function that holds a long one is long too. Generated code
 * (`generated/` folders) is not hand-written and is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** The most lines a hand-written function may take. */
export const MAX_FUNCTION_LINES = 80;

export interface LongFunction {
  /** Repository-relative path, `/`-separated. */
  file: string;
  /** 1-based line of the function's first token. */
  line: number;
  name: string;
  lines: number;
}

/** The TypeScript files under `folder`, repository-relative, generated folders left out, in a stable order. */
export function handWrittenSources(root: string, folder: string): string[] {
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(path);
      } else if (/\.(?:ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(join(root, folder));
  return files;
}

/** What a function is called, for the list: its own name, its variable's or property's, or `(anonymous)`. */
function functionName(node: ts.Node, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = (node as { name?: ts.Node }).name;
  if (own) return own.getText(source);
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return parent.name.getText(source);
  return '(anonymous)';
}

/** The functions of one source text longer than `maxLines`, in source order. */
export function longFunctionsOf(file: string, text: string, maxLines = MAX_FUNCTION_LINES): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) found.push({ file, line: first + 1, name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The functions longer than `maxLines` in the hand-written sources under each of `folders`. */
export function longFunctions(root: string, folders: readonly string[], maxLines = MAX_FUNCTION_LINES): LongFunction[] {
  return folders.flatMap((folder) =>
    handWrittenSources(root, folder).flatMap((file) =>
      longFunctionsOf(file, readFileSync(join(root, file), 'utf8'), maxLines),
    ),
  );
}

/** One line per function: `file:line: name takes N lines (at most M)`. */
export function formatLongFunction({ file, line, name, lines }: LongFunction, maxLines = MAX_FUNCTION_LINES): string {
  return `${file}:${line}: ${name} takes ${lines} lines (at most ${maxLines})`;
}
