/**
 * Every regular expression the project defines runs in linear time: each regex literal and each
 * `new RegExp(...)`/`RegExp(...)` with a literal source under src/ (found with the TypeScript
 * compiler's parser, .astro files through Astro's own TSX conversion), and every `pattern` in the
 * JSON schemas, goes through the ReDoS checker recheck; a `vulnerable` verdict fails the test, and
 * so does an analysis that cannot finish in time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { convertToTSX } from '@astrojs/compiler/sync';
import { check, type Diagnostics } from 'recheck';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { readSchemaSources } from '../../src/record/checks/node/schemaPatternCheck.ts';
import { SCHEMA_PATTERN_FLAGS, schemaPatterns } from '../../src/record/checks/schemaPatterns.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';

interface FoundRegExp {
  /** file:line, for the failure message. */
  place: string;
  source: string;
  flags: string;
}

/** Text that stands for `${…}` in a template source: a word, as in readmeSections' block names. */
const SUBSTITUTION = 'name';

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => SUBSTITUTION + span.literal.text).join('');
  return undefined;
}

/** The regular expressions written in one TypeScript (or TSX) text. */
export function regExpsInSource(fileName: string, code: string, kind = ts.ScriptKind.TS): FoundRegExp[] {
  const sourceFile = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: FoundRegExp[] = [];
  const place = (node: ts.Node) =>
    `${fileName}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(sourceFile);
      const end = text.lastIndexOf('/');
      found.push({ place: place(node), source: text.slice(1, end), flags: text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const source = literalText(node.arguments?.[0]);
      // A source that is not a literal is built from literals found elsewhere (e.g. a rule table).
      if (source !== undefined)
        found.push({ place: place(node), source, flags: literalText(node.arguments?.[1]) ?? '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function regExpsUnderSrc(): FoundRegExp[] {
  return walkFiles(`${REPOSITORY_ROOT}/src`).flatMap((file) => {
    const name = relative(REPOSITORY_ROOT, file);
    if (/\.(ts|mts|js|mjs)$/.test(file)) return regExpsInSource(name, readFileSync(file, 'utf8'));
    if (file.endsWith('.astro')) {
      // Astro's TSX conversion keeps each expression's code, so a regex in the template is found too.
      const { code } = convertToTSX(readFileSync(file, 'utf8'), { filename: file });
      return regExpsInSource(name, code, ts.ScriptKind.TSX);
    }
    return [];
  });
}

/** Every schema pattern the build checks before compiling (schemaPatternCheck.ts), with its place. */
function schemaPatternsFound(): FoundRegExp[] {
  return readSchemaSources().flatMap(({ file, doc }) =>
    schemaPatterns(doc).map(({ pointer, source }) => ({
      place: `${file}#${pointer}`,
      source,
      flags: SCHEMA_PATTERN_FLAGS,
    })),
  );
}

// Generous: the native checker proves a pattern in milliseconds, but a loaded machine (seven builds
// beside it) once took over 20 s for two patterns that are safe.
const CHECK_TIMEOUT_MS = 90_000;

/** The checker's verdict on each distinct (source, flags), in a one-line form per problem. */
async function problems(regExps: readonly FoundRegExp[]): Promise<string[]> {
  const distinct = new Map<string, FoundRegExp[]>();
  for (const regExp of regExps) {
    const key = `${regExp.flags}\u0000${regExp.source}`;
    distinct.set(key, [...(distinct.get(key) ?? []), regExp]);
  }
  // One at a time, and no wall-clock limits inside the analysis (its attack and seeding steps are
  // bounded by step counts instead): under load, parallel checks hit those clocks and report
  // patterns as vulnerable that are not. Only the whole check of one pattern has a time limit.
  const verdicts: { group: FoundRegExp[]; result: Diagnostics }[] = [];
  for (const group of distinct.values()) {
    const [{ source, flags }] = group;
    const result = await check(source, flags.replace(/[gy]/g, ''), {
      timeout: CHECK_TIMEOUT_MS,
      attackTimeout: null,
      incubationTimeout: null,
      seedingTimeout: null,
      recallTimeout: -1,
    });
    verdicts.push({ group, result });
  }
  return verdicts.flatMap(({ group, result }) => {
    if (result.status === 'safe') return [];
    const where = group.map((regExp) => regExp.place).join(', ');
    const why =
      result.status === 'vulnerable'
        ? `vulnerable (${result.complexity.summary}), e.g. ${JSON.stringify(result.attack.pattern).slice(0, 80)}`
        : `not proven safe (${result.error.kind}${'message' in result.error ? `: ${result.error.message}` : ''})`;
    return [`${where}: /${group[0].source}/${group[0].flags} is ${why}`];
  });
}

test('the collector finds literals, RegExp calls with literal sources, and templates; the checker flags a planted /(a+)+$/', async () => {
  const planted = regExpsInSource(
    'planted.ts',
    [
      'const a = /(a+)+$/;',
      "const b = new RegExp('x*y', 'i');",
      'const c = RegExp(`<!-- ${name} -->[\\\\s\\\\S]*?end`);',
      'const d = new RegExp(table.source, "g");',
      'const e = "/not-a-regex/";',
    ].join('\n'),
  );
  assert.deepEqual(
    planted.map(({ place, source, flags }) => `${place} /${source}/${flags}`),
    ['planted.ts:1 /(a+)+$/', 'planted.ts:2 /x*y/i', 'planted.ts:3 /<!-- name -->[\\s\\S]*?end/'],
  );
  const [verdict] = await problems(planted.slice(0, 1));
  assert.match(verdict, /^planted\.ts:1: \/\(a\+\)\+\$\/ is vulnerable \(exponential\)/);
  // Unanchored quadratic search is caught as well (today's URL-credential pattern was one).
  assert.match(
    (await problems([{ place: 'p', source: '[a-z][a-z0-9+.-]*:\\/\\/[^/\\s:@]+:[^/\\s@]+@', flags: 'i' }]))[0],
    /2nd degree polynomial/,
  );
});

test('every RegExp under src/ and every schema pattern is linear time (recheck)', { timeout: 240_000 }, async () => {
  const fromSource = regExpsUnderSrc();
  const fromSchemas = schemaPatternsFound();
  // The rule tables alone hold about 45 patterns; far fewer means the collector lost its way.
  assert.ok(fromSource.length > 80, `${fromSource.length} regular expressions under src/`);
  assert.ok(fromSchemas.length > 5, `${fromSchemas.length} schema patterns`);
  assert.ok(
    fromSource.some((regExp) => /\.astro:\d+$/.test(regExp.place)),
    'a regex in an .astro template is found',
  );
  assert.deepEqual(await problems([...fromSource, ...fromSchemas]), []);
});
