/**
 * Everything the site shows about UAI-1, computed once from the schemas and the fixtures through
 * the core: profiles with their shapes, published fixtures with keyless forms and digests, and
 * the fixture check. Pages and machine records read this model; none repeats a rule by hand.
 */
import type { SchemaDocument } from '../../uai/schemaRegistry.ts';
import { schemaFileName } from '../../uai/schemaRegistry.ts';
import { createPacketValidator, type PacketValidator } from '../../uai/packetValidator.ts';
import {
  checkFixtures,
  checkRouteFixtures,
  profileSlug,
  type CheckedFixture,
  type CheckedRouteFixture,
  type FixtureCheckResult,
  type RouteFixtureCheckResult,
  type FixtureExpectation,
  type FixtureInput,
  type ExpectationInput,
} from '../../uai/fixtureCheck.ts';
import { createRouteChecker, type RouteChecker } from '../../uai/routeRecord.ts';
import type { ObjectShape } from '../../uai/fieldShape.ts';
import { sha256Digest } from '../../uai/sha256.ts';
import { packetDigest } from '../../uai/packetDigest.ts';
import { canonicalize } from '../../uai/jcs.ts';
import { fixturePath, keylessFixturePath, schemaPath } from './publicPaths.ts';

export interface PublishedSchema {
  id: string;
  fileName: string;
  url: string;
  title: string;
  description: string;
  /** The file's bytes as published (verbatim). */
  text: string;
  /** sha256 of the published bytes. */
  fileDigest: string;
}

export interface PublishedFixture {
  group: string;
  name: string;
  verdict: 'valid' | 'invalid';
  profile: string | null;
  sourceFile: string;
  url: string;
  /** Verbatim bytes of the fixture file, as text. */
  text: string;
  fileDigest: string;
  /** Canonical packet digest (valid fixtures and invalid ones that parse). */
  digest: string | null;
  keyed?: Record<string, unknown>;
  keyless?: unknown;
  keylessUrl?: string;
  keylessText?: string;
  keylessFileDigest?: string;
  /** Digest of the minified keyed form, which must equal `digest`. */
  minifiedDigest?: string;
  expectation?: FixtureExpectation;
  /** The warning a valid fixture is expected to give (its folder's _expected.json). */
  warningExpectation?: FixtureExpectation;
  errorCodes: string[];
}

export interface ProfileRecord {
  profile: string;
  slug: string;
  schema: PublishedSchema;
  shape: ObjectShape;
  fixtures: PublishedFixture[];
}

/** The fixture a profile's page shows with its keyless form: its first valid fixture that has one. */
export function profileExampleFixture(profile: ProfileRecord): PublishedFixture | undefined {
  return profile.fixtures.find((fixture) => fixture.verdict === 'valid' && fixture.keyless !== undefined);
}

export interface RecordModel {
  validator: PacketValidator;
  routeChecker: RouteChecker;
  schemas: PublishedSchema[];
  envelope: PublishedSchema;
  envelopeShape: ObjectShape;
  profiles: ProfileRecord[];
  fixtures: PublishedFixture[];
  fixtureCheck: FixtureCheckResult;
  /** Route-record fixtures, published beside the packet fixtures under routes/. */
  routeFixtures: PublishedFixture[];
  routeFixtureCheck: RouteFixtureCheckResult;
}

export interface RecordModelInputs {
  schemaFiles: { fileName: string; text: string }[];
  fixtures: FixtureInput[];
  expectations: ExpectationInput[];
  routeFixtures: FixtureInput[];
  routeExpectations: ExpectationInput[];
}

const decoder = new TextDecoder();

export function keylessText(value: unknown): string {
  return `${JSON.stringify(value, null, 4)}\n`;
}

/** A schema as published: its `$id`, the URL it is served at and the digest of its verbatim bytes. */
function publishedSchema(file: { fileName: string; text: string }, doc: SchemaDocument): PublishedSchema {
  return {
    id: doc.$id,
    fileName: schemaFileName(doc.$id),
    url: schemaPath(schemaFileName(doc.$id)),
    title: String(doc.title ?? file.fileName),
    description: String(doc.description ?? ''),
    text: file.text,
    fileDigest: sha256Digest(new TextEncoder().encode(file.text)),
  };
}

/** The facts every published fixture file has, packet or route record. */
function publishedFixtureFile(
  checked: CheckedFixture | CheckedRouteFixture,
  profile: string | null,
  digest: string | null,
): PublishedFixture {
  return {
    group: checked.group,
    name: checked.name,
    verdict: checked.verdict,
    profile,
    sourceFile: checked.file,
    url: fixturePath(checked.group, checked.name, checked.verdict),
    text: decoder.decode(checked.bytes),
    fileDigest: sha256Digest(checked.bytes),
    digest,
    expectation: checked.expectation,
    warningExpectation: 'warningExpectation' in checked ? checked.warningExpectation : undefined,
    errorCodes: checked.report.errors.map((error) => error.code),
  };
}

/** A packet fixture as published; a valid one also carries its keyed and keyless forms and their digests. */
function publishedPacketFixture(checked: CheckedFixture): PublishedFixture {
  const fixture = publishedFixtureFile(checked, checked.report.profile, checked.report.digest);
  if (checked.verdict === 'valid' && checked.report.keyed && checked.keyless !== undefined) {
    fixture.keyed = checked.report.keyed;
    fixture.keyless = checked.keyless;
    fixture.keylessUrl = keylessFixturePath(checked.group, checked.name);
    fixture.keylessText = keylessText(checked.keyless);
    fixture.keylessFileDigest = sha256Digest(new TextEncoder().encode(fixture.keylessText));
    fixture.minifiedDigest = packetDigest(JSON.parse(canonicalize(checked.report.keyed)));
  }
  return fixture;
}

/** One record per profile the validator knows, with its schema, shape and fixtures. */
function profileRecords(
  validator: PacketValidator,
  schemas: PublishedSchema[],
  fixtures: PublishedFixture[],
): ProfileRecord[] {
  const byId = new Map(schemas.map((schema) => [schema.id, schema]));
  return validator.profiles.map((profile) => ({
    profile,
    slug: profileSlug(profile),
    schema: byId.get(validator.registry.profileSchemaId(profile)!)!,
    shape: validator.shapeOf(profile),
    fixtures: fixtures.filter((fixture) => fixture.group === profileSlug(profile)),
  }));
}

export function buildRecordModel(inputs: RecordModelInputs): RecordModel {
  const documents = inputs.schemaFiles.map((file) => JSON.parse(file.text) as SchemaDocument);
  const validator = createPacketValidator(documents);
  const schemas = inputs.schemaFiles.map((file, index) => publishedSchema(file, documents[index]));
  const fixtureCheck = checkFixtures(validator, inputs.fixtures, inputs.expectations);
  const fixtures = fixtureCheck.fixtures.map(publishedPacketFixture);
  const envelope = schemas.find((schema) => schema.fileName === 'envelope.schema.json')!;
  const routeChecker = createRouteChecker(documents);
  const routeFixtureCheck = checkRouteFixtures(routeChecker, inputs.routeFixtures, inputs.routeExpectations);
  const routeFixtures = routeFixtureCheck.fixtures.map((checked) => publishedFixtureFile(checked, null, null));
  return {
    validator,
    routeChecker,
    schemas,
    envelope,
    envelopeShape: validator.shapeOf(),
    profiles: profileRecords(validator, schemas, fixtures),
    fixtures,
    fixtureCheck,
    routeFixtures,
    routeFixtureCheck,
  };
}
