/**
 * The package's API reference, read from its exported types with the TypeScript compiler: every
 * export of `@uaix/uai-1` and `@uaix/uai-1/node` with its kind, signature and doc comment. The
 * result is committed (`API_REFERENCE_FILE`, `npm run generate`) and a unit test fails when it drifts.
 */
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ApiEntry, ApiReference } from '../apiReference.ts';

export const API_REFERENCE_FILE = 'src/record/generated/apiReference.json';

const ENTRIES = [
  { module: '@uaix/uai-1', file: 'src/uai/index.ts' },
  { module: '@uaix/uai-1/node', file: 'src/uai/node/index.ts' },
] as const;

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function kindOf(declaration: ts.Declaration): ApiEntry['kind'] {
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  return 'const';
}

function signatureOf(symbol: ts.Symbol, declaration: ts.Declaration, checker: ts.TypeChecker): string {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  if (ts.isFunctionDeclaration(declaration)) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    return type
      .getCallSignatures()
      .map((signature) => `function ${symbol.name}${checker.signatureToString(signature, declaration, flags)}`)
      .join('\n');
  }
  if (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) {
    return printer.printNode(ts.EmitHint.Unspecified, declaration, declaration.getSourceFile()).replace(/^export /, '');
  }
  if (ts.isClassDeclaration(declaration)) {
    const heritage = declaration.heritageClauses?.map((clause) => clause.getText()).join(' ');
    return `class ${symbol.name}${heritage ? ` ${heritage}` : ''}`;
  }
  return `const ${symbol.name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration), declaration, flags)}`;
}

/** Reads the exports of both entries from the source. */
export function extractApiReference(): ApiReference {
  const files = ENTRIES.map((entry) => join(REPOSITORY_ROOT, entry.file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const modules = ENTRIES.map((entry) => {
    const source = program.getSourceFile(join(REPOSITORY_ROOT, entry.file))!;
    const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
    const entries: ApiEntry[] = exports.map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations![0];
      return {
        name: exported.name,
        kind: kindOf(declaration),
        signature: signatureOf(symbol, declaration, checker),
        doc: ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
        source: relative(REPOSITORY_ROOT, declaration.getSourceFile().fileName),
      };
    });
    const order: ApiEntry['kind'][] = ['function', 'class', 'const', 'interface', 'type'];
    entries.sort(
      (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    return { module: entry.module, entries };
  });
  return { modules };
}

/** The committed file's text for a reference. */
export function apiReferenceText(reference: ApiReference): string {
  return `${JSON.stringify(reference, null, 2)}\n`;
}
