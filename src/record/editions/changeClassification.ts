/**
 * Every change between two editions' frozen files, classified (changeRules.ts): the schemas by the
 * verdicts they give (packetVerdicts.ts) and by their keywords, error codes and requirements by
 * id, the conformance pack's fixtures by their URL, normative pages by locale and path, and any
 * other frozen file by its path. Pure: it takes the files, never reads the disk; linear in the files
 * and packets compared.
 */
import { SITE_ORIGIN } from '../model/locales.ts';
import { EDITIONS_FOLDER } from './editions.ts';
import { change, changeDetailText, countDetail, type ChangeDetail, type ClassifiedChange } from './changeRules.ts';
import { verdictChanges, type JudgedPacket, type VerdictChange } from './packetVerdicts.ts';
import { ERROR_CODE_KEYWORD } from '../../uai/schemaValidator.ts';
import { isJsonObject } from '../../uai/jsonObject.ts';
import type { SchemaDocument } from '../../uai/schemaRegistry.ts';
import type { Sha256 } from '../../uai/sha256.ts';
import { escapeRegExp } from '../../uai/regExpText.ts';

/** An edition's frozen files (paths inside its folder; edition.json apart), or the record's as it would freeze them. */
export interface EditionSnapshot {
  id: string;
  standardVersion: string;
  files: ReadonlyMap<string, Uint8Array>;
}

export interface ClassifyOptions {
  /** How many valid packets to generate from the previous edition's valid fixtures (0: fixtures only). */
  generated: number;
  sha256?: Sha256;
}

const SCHEMAS = /^schemas\/uai-1\/[^/]+\.schema\.json$/;
const CONFORMANCE = 'examples/uai-1/conformance.json';
const REQUIREMENTS = 'specification/uai-1/requirements.json';
const PAGE = /^pages\/([^/]+)\/(.+)\.md$/;
/** Schema keywords that say nothing of what a packet may be. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples']);
const LEVEL_STRENGTH: Record<string, number> = {
  MAY: 0,
  OPTIONAL: 0,
  SHOULD: 1,
  'SHOULD NOT': 1,
  RECOMMENDED: 1,
  'NOT RECOMMENDED': 1,
  MUST: 2,
  'MUST NOT': 2,
  REQUIRED: 2,
  SHALL: 2,
  'SHALL NOT': 2,
};

const decoder = new TextDecoder();

/** A frozen text with the edition's own URLs (`/editions/<id>/…`) back at the latest alias, so two editions compare. */
function unfrozen(text: string, id: string): string {
  return text.replace(new RegExp(escapeRegExp(`${SITE_ORIGIN}/${EDITIONS_FOLDER}/${id}/`), 'g'), `${SITE_ORIGIN}/`);
}

interface ReadEdition {
  id: string;
  texts: Map<string, string>;
  json(path: string): unknown;
}

function read(snapshot: EditionSnapshot): ReadEdition {
  const texts = new Map<string, string>();
  for (const [path, bytes] of snapshot.files) texts.set(path, unfrozen(decoder.decode(bytes), snapshot.id));
  const parsed = new Map<string, unknown>();
  return {
    id: snapshot.id,
    texts,
    json(path) {
      if (!parsed.has(path)) parsed.set(path, texts.has(path) ? JSON.parse(texts.get(path)!) : undefined);
      return parsed.get(path);
    },
  };
}

/** Keywords whose value is a map from names to schemas (its keys are names, never annotations). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, compared as it is. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'required']);

function sortedEntries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A schema without its annotations, members sorted, so two compare by keywords alone. */
function keywordsOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(keywordsOf);
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    sortedEntries(schema)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, member]) => [
        key,
        DATA_KEYWORDS.has(key)
          ? member
          : SCHEMA_MAPS.has(key) && isJsonObject(member)
            ? Object.fromEntries(sortedEntries(member).map(([name, sub]) => [name, keywordsOf(sub)]))
            : keywordsOf(member),
      ]),
  );
}

function errorCodesIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) errorCodesIn(item, out);
  else if (isJsonObject(value))
    for (const [key, member] of Object.entries(value)) {
      if (key === ERROR_CODE_KEYWORD && typeof member === 'string') out.add(member);
      else errorCodesIn(member, out);
    }
  return out;
}

interface PackFixture {
  kind: 'packet' | 'route-record';
  verdict: 'valid' | 'invalid';
  url: string;
  keyless_url?: string | null;
  expected?: { code: string; path: string } | null;
}

function packOf(edition: ReadEdition): Map<string, PackFixture> {
  const pack = edition.json(CONFORMANCE) as { fixtures?: PackFixture[] } | undefined;
  return new Map((pack?.fixtures ?? []).map((fixture) => [fixture.url.slice(SITE_ORIGIN.length + 1), fixture]));
}

function evaluatedAtOf(edition: ReadEdition): string {
  const pack = edition.json(CONFORMANCE) as { evaluated_at?: string } | undefined;
  return pack?.evaluated_at ?? '2026-06-01T00:00:00Z';
}

/** The codes an edition uses: its schemas' `x-uai-error-code` and its fixtures' expected codes. */
function codesOf(edition: ReadEdition, schemaPaths: readonly string[]): Set<string> {
  const codes = new Set<string>();
  for (const path of schemaPaths) errorCodesIn(edition.json(path), codes);
  for (const fixture of packOf(edition).values()) if (fixture.expected?.code) codes.add(fixture.expected.code);
  return codes;
}

interface Requirement {
  id: string;
  level: string;
  statements: Record<string, string>;
}

function requirementsOf(edition: ReadEdition): Map<string, Requirement> {
  const record = edition.json(REQUIREMENTS) as { requirements?: Requirement[] } | undefined;
  return new Map((record?.requirements ?? []).map((requirement) => [requirement.id, requirement]));
}

const NEW: ChangeDetail = { id: 'new', values: {} };
const gone = (previous: string): ChangeDetail => ({ id: 'gone', values: { previous } });

function sortedKeys<T>(map: ReadonlyMap<string, T> | ReadonlySet<string>): string[] {
  return [...map.keys()].sort();
}

/** Verdict changes grouped by direction, schema, place and code: one classified change per group. */
function verdictGroups(changes: readonly VerdictChange[], previous: string): ClassifiedChange[] {
  const groups = new Map<string, VerdictChange[]>();
  for (const verdict of changes) {
    const key = `${verdict.direction}\u0000${verdict.schema}#${verdict.path}\u0000${verdict.code}`;
    const group = groups.get(key) ?? [];
    group.push(verdict);
    groups.set(key, group);
  }
  return [...groups.keys()].sort().map((key) => {
    const group = groups.get(key)!;
    const [{ direction, schema, path, code }] = group;
    const fixtures = group.filter((verdict) => !verdict.source.startsWith('generated/')).map((v) => v.source);
    const generated = group.length - fixtures.length;
    const named: ChangeDetail = {
      id: 'which.fixtures',
      values: { list: `${fixtures.slice(0, 3).join(', ')}${fixtures.length > 3 ? ', …' : ''}` },
    };
    const which: ChangeDetail =
      fixtures.length && generated
        ? { id: 'which.both', values: { fixtures: named, generated: countDetail(generated, 'generated-packet') } }
        : fixtures.length
          ? named
          : countDetail(generated, 'generated-packet');
    const values = { packets: countDetail(group.length, 'packet'), previous, code, which };
    const count = group.length;
    return direction === 'tightened'
      ? change('packet-tightened', `${schema}#${path}`, { id: 'packets-tightened', count, values })
      : change('packet-loosened', `${schema}#${path}`, { id: 'packets-loosened', count, values });
  });
}

function schemaDocuments(edition: ReadEdition, paths: readonly string[]): SchemaDocument[] {
  return paths.map((path) => edition.json(path) as SchemaDocument);
}

function judgedFixtures(edition: ReadEdition): JudgedPacket[] {
  const encoder = new TextEncoder();
  const fixtures: JudgedPacket[] = [];
  for (const [path, fixture] of packOf(edition)) {
    const text = edition.texts.get(path);
    if (text !== undefined)
      fixtures.push({ kind: fixture.kind, verdict: fixture.verdict, source: path, bytes: encoder.encode(text) });
  }
  return fixtures;
}

/** Schemas: the packets' verdicts first, then the keywords of the schemas whose verdicts did not move. */
function schemaChanges(
  before: ReadEdition,
  after: ReadEdition,
  previousId: string,
  paths: readonly string[],
  options: ClassifyOptions,
): {
  changes: ClassifiedChange[];
  judged: { fixtures: number; generated: number };
  schemaPaths: { before: string[]; after: string[] };
} {
  const changes: ClassifiedChange[] = [];
  const schemaPaths = {
    before: paths.filter((p) => SCHEMAS.test(p) && before.texts.has(p)),
    after: paths.filter((p) => SCHEMAS.test(p) && after.texts.has(p)),
  };
  const schemasChanged = paths.some((p) => SCHEMAS.test(p) && before.texts.get(p) !== after.texts.get(p));
  let judged = { fixtures: 0, generated: 0 };
  const verdictSchemas = new Set<string>();
  if (schemasChanged && schemaPaths.before.length && schemaPaths.after.length) {
    const run = verdictChanges(
      schemaDocuments(before, schemaPaths.before),
      schemaDocuments(after, schemaPaths.after),
      judgedFixtures(before),
      { evaluatedAt: evaluatedAtOf(before), generated: options.generated, sha256: options.sha256 },
    );
    judged = run.judged;
    for (const verdict of run.changes) verdictSchemas.add(verdict.schema);
    changes.push(...verdictGroups(run.changes, previousId));
  }
  for (const path of paths.filter((p) => SCHEMAS.test(p))) {
    const was = before.texts.get(path);
    const now = after.texts.get(path);
    if (was === now) continue;
    if (was === undefined) changes.push(change('schema-added', path, NEW));
    else if (now === undefined) changes.push(change('schema-removed', path, gone(previousId)));
    else if (JSON.stringify(keywordsOf(JSON.parse(was))) === JSON.stringify(keywordsOf(JSON.parse(now))))
      changes.push(change('schema-text-changed', path, { id: 'only-annotations', values: {} }));
    else if (!verdictSchemas.size)
      changes.push(
        change('schema-changed-same-verdicts', path, {
          id: 'same-verdicts',
          values: {
            fixtures: countDetail(judged.fixtures, 'fixture'),
            generated: countDetail(judged.generated, 'generated-packet'),
            previous: previousId,
          },
        }),
      );
  }
  return { changes, judged, schemaPaths };
}

/** Error codes the schemas name, compared by code. */
function codeChanges(
  before: ReadEdition,
  after: ReadEdition,
  previousId: string,
  schemaPaths: { before: string[]; after: string[] },
) {
  const changes: ClassifiedChange[] = [];
  const codesBefore = codesOf(before, schemaPaths.before);
  const codesAfter = codesOf(after, schemaPaths.after);
  for (const code of sortedKeys(codesAfter))
    if (!codesBefore.has(code))
      changes.push(change('error-code-added', code, { id: 'code-added', values: { previous: previousId } }));
  for (const code of sortedKeys(codesBefore))
    if (!codesAfter.has(code))
      changes.push(change('error-code-removed', code, { id: 'code-removed', values: { previous: previousId } }));
  return changes;
}

/** Requirements compared by id: added, removed, level, English statement, translations. */
function requirementChanges(before: ReadEdition, after: ReadEdition, previousId: string): ClassifiedChange[] {
  const changes: ClassifiedChange[] = [];
  const requirementsBefore = requirementsOf(before);
  const requirementsAfter = requirementsOf(after);
  const retired =
    ((after.json(REQUIREMENTS) as { retired?: Record<string, string> } | undefined)?.retired as
      Record<string, string> | undefined) ?? {};
  for (const id of sortedKeys(new Map([...requirementsBefore, ...requirementsAfter]))) {
    const was = requirementsBefore.get(id);
    const now = requirementsAfter.get(id);
    // Statements are not quoted: the record states them where they are marked up as requirements.
    if (!was)
      changes.push(
        change('requirement-added', id, {
          id: 'requirement-added',
          values: { level: now!.level, previous: previousId },
        }),
      );
    else if (!now)
      changes.push(
        change(
          'requirement-removed',
          id,
          retired[id] ? { id: 'retired', values: { reason: { english: retired[id] } } } : gone(previousId),
        ),
      );
    else if (was.level !== now.level)
      changes.push(
        change(
          (LEVEL_STRENGTH[now.level] ?? 0) > (LEVEL_STRENGTH[was.level] ?? 0)
            ? 'requirement-level-raised'
            : 'requirement-level-lowered',
          id,
          { id: 'was-now', values: { was: was.level, previous: previousId, now: now.level } },
        ),
      );
    else if (was.statements['en-us'] !== now.statements['en-us'])
      changes.push(change('requirement-text-changed', id, { id: 'statement-changed', values: { level: now.level } }));
    else if (JSON.stringify(was.statements) !== JSON.stringify(now.statements)) {
      const locales = Object.keys({ ...was.statements, ...now.statements }).filter(
        (locale) => was.statements[locale] !== now.statements[locale],
      );
      changes.push(
        change('requirement-translation-changed', id, {
          id: 'translations-changed',
          values: { locales: locales.sort().join(', ') },
        }),
      );
    }
  }
  return changes;
}

/** Fixtures compared by path: added, removed, expectation, bytes. Marks the files they explain. */
function fixtureChanges(
  before: ReadEdition,
  after: ReadEdition,
  previousId: string,
  explained: Set<string>,
): ClassifiedChange[] {
  const changes: ClassifiedChange[] = [];
  const packBefore = packOf(before);
  const packAfter = packOf(after);
  const expectation = (fixture: PackFixture): ChangeDetail =>
    fixture.expected
      ? {
          id: fixture.expected.path ? 'expectation.code' : 'expectation.code-at-root',
          values: { verdict: fixture.verdict, code: fixture.expected.code, path: fixture.expected.path },
        }
      : { id: 'expectation.verdict', values: { verdict: fixture.verdict } };
  for (const path of sortedKeys(new Map([...packBefore, ...packAfter]))) {
    const was = packBefore.get(path);
    const now = packAfter.get(path);
    for (const fixture of [was, now])
      if (fixture) {
        explained.add(path);
        if (fixture.keyless_url) explained.add(fixture.keyless_url.slice(SITE_ORIGIN.length + 1));
      }
    if (!was) changes.push(change('fixture-added', path, expectation(now!)));
    else if (!now)
      changes.push(
        change('fixture-removed', path, { id: 'fixture-removed', values: { expectation: expectation(was) } }),
      );
    else if (changeDetailText(expectation(was)) !== changeDetailText(expectation(now)))
      changes.push(
        change('fixture-expectation-changed', path, {
          id: 'was-now',
          values: { was: expectation(was), previous: previousId, now: expectation(now) },
        }),
      );
    else if (before.texts.get(path) !== after.texts.get(path))
      changes.push(change('fixture-changed', path, { id: 'fixture-bytes', values: { expectation: expectation(now) } }));
  }
  return changes;
}

/** Pages compared by locale and path; then every other file no rule above explained. */
function pageAndFileChanges(
  before: ReadEdition,
  after: ReadEdition,
  previousId: string,
  paths: readonly string[],
  explained: Set<string>,
): ClassifiedChange[] {
  const changes: ClassifiedChange[] = [];
  for (const path of paths) {
    const page = PAGE.exec(path);
    if (!page) continue;
    explained.add(path);
    const subject = `${page[1]}/${page[2]}`;
    const was = before.texts.get(path);
    const now = after.texts.get(path);
    if (was === undefined) changes.push(change('page-added', subject, NEW));
    else if (now === undefined) changes.push(change('page-removed', subject, gone(previousId)));
    else if (was !== now) changes.push(change('page-text-changed', subject, { id: 'markdown-changed', values: {} }));
  }
  for (const path of paths) {
    if (explained.has(path)) continue;
    const was = before.texts.get(path);
    const now = after.texts.get(path);
    if (was === now) continue;
    const what = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    changes.push(change('file-changed', path, { id: `file.${what}`, values: {} }));
  }
  return changes;
}

/**
 * The changes from `previous` to `next`, classified, in a stable order: the standard version, the
 * packets' verdicts, schemas, error codes, requirements, fixtures, pages, other files.
 */
export function classifyChanges(
  previous: EditionSnapshot,
  next: EditionSnapshot,
  options: ClassifyOptions,
): { changes: ClassifiedChange[]; judged: { fixtures: number; generated: number } } {
  const before = read(previous);
  const after = read(next);
  const paths = [...new Set([...before.texts.keys(), ...after.texts.keys()])].sort();
  const version =
    previous.standardVersion === next.standardVersion
      ? []
      : [
          change('standard-version-changed', 'uai_version', {
            id: 'standard-version',
            values: { was: previous.standardVersion, previous: previous.id, now: next.standardVersion },
          }),
        ];
  const schemas = schemaChanges(before, after, previous.id, paths, options);
  const explained = new Set<string>([...paths.filter((p) => SCHEMAS.test(p)), REQUIREMENTS, CONFORMANCE]);
  const changes = [
    ...version,
    ...schemas.changes,
    ...codeChanges(before, after, previous.id, schemas.schemaPaths),
    ...requirementChanges(before, after, previous.id),
    ...fixtureChanges(before, after, previous.id, explained),
    ...pageAndFileChanges(before, after, previous.id, paths, explained),
  ];
  return { changes, judged: schemas.judged };
}
