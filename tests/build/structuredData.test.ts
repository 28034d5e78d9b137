/**
 * Structured data on every record page: one JSON-LD block (schema.org) whose type fits the page
 * (Dataset for the schema and fixture listings and each edition's page, TechArticle or WebPage otherwise), whose
 * inLanguage, identifier and dateModified say what the page's own markup says, which is part of
 * the WebSite, and which uses only properties the committed schema.org subset defines for each
 * type, with values of an expected type; plus og:type and og:site_name.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIST,
  ORIGIN,
  REPO,
  assertNoProblems,
  attr,
  findAll,
  htmlPages,
  mainOf,
  metaContent,
  parseHtmlFile,
  rawText,
  readJson,
  requireDist,
} from './_support/site.ts';

interface Vocabulary {
  types: Record<string, { parent: string | null; properties: Record<string, string[]> }>;
  dataTypes: Record<string, string | null>;
}

/** A PNG's size from its IHDR chunk (RFC 2083: width and height at bytes 16 and 20). */
const pngSize = (file: string) => {
  const bytes = readFileSync(file);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
};

const vocabulary = readJson<Vocabulary>(join(REPO, 'tests/fixtures/schema-org/vocabulary.json'));

before(requireDist);

/** The type and its ancestors, nearest first. */
function lineage(type: string): string[] {
  const chain: string[] = [];
  for (let at: string | null = type; at; at = vocabulary.types[at]?.parent ?? vocabulary.dataTypes[at] ?? null)
    chain.push(at);
  return chain;
}

/** What a property expects on a type (own or inherited), or undefined when schema.org does not define it there. */
function rangeOf(type: string, property: string): string[] | undefined {
  for (const ancestor of lineage(type)) {
    const range = vocabulary.types[ancestor]?.properties[property];
    if (range) return range;
  }
  return undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether a JSON value is of one of the expected schema.org types. */
function fits(value: unknown, range: string[]): boolean {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const type = (value as Record<string, unknown>)['@type'];
    return typeof type === 'string' && lineage(type).some((ancestor) => range.includes(ancestor));
  }
  if (typeof value !== 'string') return false;
  return range.some((expected) => {
    if (expected === 'Date') return DATE.test(value);
    if (expected === 'DateTime') return DATE_TIME.test(value);
    if (expected === 'URL') return /^https:\/\/\S+$/.test(value);
    return expected === 'Text';
  });
}

/** Every vocabulary problem in a JSON-LD node and the nodes inside it. */
function vocabularyProblems(node: Record<string, unknown>, where: string): string[] {
  const type = node['@type'];
  if (typeof type !== 'string' || !vocabulary.types[type])
    return [`${where}: @type ${JSON.stringify(type)} is not in the vocabulary subset`];
  const problems: string[] = [];
  for (const [property, value] of Object.entries(node)) {
    if (property.startsWith('@')) continue;
    const range = rangeOf(type, property);
    if (!range) {
      problems.push(`${where}: ${type} has no property ${property} in schema.org`);
      continue;
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const at = `${where}/${property}${Array.isArray(value) ? `/${index}` : ''}`;
      if (!fits(item, range))
        problems.push(`${at}: ${JSON.stringify(item).slice(0, 80)} is not a ${range.join(' or ')}`);
      if (item !== null && typeof item === 'object')
        problems.push(...vocabularyProblems(item as Record<string, unknown>, at));
    }
  }
  return problems;
}

const expectedType = (path: string) =>
  path === 'schemas' || path === 'examples' || /^editions\/[^/]+$/.test(path)
    ? ['Dataset']
    : ['TechArticle', 'WebPage'];

test('every record page carries one JSON-LD block that describes it with schema.org terms only', () => {
  const problems: string[] = [];
  const types = new Set<string>();
  let checked = 0;
  for (const page of htmlPages().filter((candidate) => candidate.locale)) {
    const tree = parseHtmlFile(page.file);
    const blocks = findAll(
      tree,
      (element) => element.tagName === 'script' && attr(element, 'type') === 'application/ld+json',
    );
    if (blocks.length !== 1) {
      problems.push(`${page.url}: ${blocks.length} JSON-LD blocks, expected 1`);
      continue;
    }
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(rawText(blocks[0])) as Record<string, unknown>;
    } catch (error) {
      problems.push(`${page.url}: the JSON-LD is not JSON (${(error as Error).message})`);
      continue;
    }
    checked++;
    types.add(String(data['@type']));
    const where = `${page.url} ld+json`;
    if (data['@context'] !== 'https://schema.org')
      problems.push(`${where}: @context ${JSON.stringify(data['@context'])}`);
    if (!expectedType(page.path).includes(String(data['@type'])))
      problems.push(`${where}: @type ${data['@type']}, expected ${expectedType(page.path).join(' or ')}`);
    if (data.url !== `${ORIGIN}${page.url}`) problems.push(`${where}: url ${data.url}`);
    if (data.inLanguage !== attr(mainOf(tree), 'lang'))
      problems.push(`${where}: inLanguage ${data.inLanguage}, but <main lang="${attr(mainOf(tree), 'lang')}">`);
    if (data.identifier !== metaContent(tree, 'uaix:record-code'))
      problems.push(
        `${where}: identifier ${data.identifier}, the record code is ${metaContent(tree, 'uaix:record-code')}`,
      );
    if (data.dateModified !== metaContent(tree, 'uaix:last-changed'))
      problems.push(
        `${where}: dateModified ${data.dateModified}, "last changed" is ${metaContent(tree, 'uaix:last-changed')}`,
      );
    if (data.headline !== data.name)
      problems.push(`${where}: headline ${JSON.stringify(data.headline)}, the title is ${data.name}`);
    if (typeof data.datePublished !== 'string' || !(data.datePublished <= String(data.dateModified)))
      problems.push(
        `${where}: datePublished ${data.datePublished} is not a date on or before dateModified ${data.dateModified}`,
      );
    for (const role of ['author', 'publisher']) {
      const party = data[role] as Record<string, unknown> | undefined;
      if (party?.['@type'] !== 'Organization' || party.url !== `${ORIGIN}/` || !party.name)
        problems.push(`${where}: ${role} ${JSON.stringify(party)}, expected the record's Organization`);
    }
    const site = data.isPartOf as Record<string, unknown> | undefined;
    if (site?.['@type'] !== 'WebSite' || site.url !== `${ORIGIN}/`)
      problems.push(`${where}: isPartOf ${JSON.stringify(site)}, expected the WebSite ${ORIGIN}/`);
    if (data['@type'] === 'Dataset' && !(Array.isArray(data.distribution) && data.distribution.length))
      problems.push(`${where}: a Dataset without distribution`);
    problems.push(...vocabularyProblems(data, where));
    const og = (property: string) =>
      findAll(tree, (element) => element.tagName === 'meta' && attr(element, 'property') === property).map((element) =>
        attr(element, 'content'),
      );
    const ogType = data['@type'] === 'TechArticle' ? 'article' : 'website';
    if (og('og:type').join() !== ogType)
      problems.push(`${page.url}: og:type ${og('og:type').join() || '(none)'}, expected ${ogType}`);
    const [image, ...moreImages] = og('og:image');
    const imageFile =
      image && !moreImages.length && image.startsWith(`${ORIGIN}/`) ? join(DIST, image.slice(ORIGIN.length)) : '';
    if (!imageFile || !existsSync(imageFile))
      problems.push(
        `${page.url}: og:image ${og('og:image').join() || '(none)'} is not one published file of the record`,
      );
    else if (pngSize(imageFile) !== `${og('og:image:width').join()}x${og('og:image:height').join()}`)
      problems.push(
        `${page.url}: og:image is ${pngSize(imageFile)}, its tags say ${og('og:image:width')}x${og('og:image:height')}`,
      );
    const twitterCard = findAll(
      tree,
      (element) => element.tagName === 'meta' && attr(element, 'name') === 'twitter:card',
    );
    if (twitterCard.length !== 1 || attr(twitterCard[0], 'content') !== 'summary_large_image')
      problems.push(`${page.url}: twitter:card is not summary_large_image`);
    if (og('og:site_name').length !== 1 || !og('og:site_name')[0])
      problems.push(`${page.url}: og:site_name ${og('og:site_name').join() || '(none)'}`);
  }
  assert.ok(checked >= 100, `${checked} pages checked`);
  assert.deepEqual([...types].sort(), ['Dataset', 'TechArticle', 'WebPage'], 'the three types are used');
  assertNoProblems(problems, 'JSON-LD');
});

test('the root language chooser describes the WebSite in every published language', () => {
  const root = htmlPages().find((page) => page.url === '/');
  assert.ok(root, 'the root page is built');
  const blocks = findAll(
    parseHtmlFile(root.file),
    (element) => element.tagName === 'script' && attr(element, 'type') === 'application/ld+json',
  );
  assert.equal(blocks.length, 1, 'one JSON-LD block on /');
  const data = JSON.parse(rawText(blocks[0])) as Record<string, unknown>;
  assert.deepEqual([data['@type'], data.url], ['WebSite', `${ORIGIN}/`]);
  assert.deepEqual(data.inLanguage, ['en-US', 'es-US', 'fr-FR', 'es-ES', 'zh-CN']);
  assert.deepEqual(vocabularyProblems(data, '/ ld+json'), []);
});

test('the vocabulary check fails on a property schema.org does not define for the type, and on a value of the wrong type', () => {
  const page = {
    '@type': 'WebPage',
    name: 'x',
    identifier: 'UAIX-ABOU-0001',
    isPartOf: { '@type': 'WebSite', url: 'https://uaix.org/' },
  };
  assert.deepEqual(vocabularyProblems(page, 'ok'), []);
  assert.match(vocabularyProblems({ ...page, distribution: [] }, 'p').join(), /WebPage has no property distribution/);
  assert.match(vocabularyProblems({ ...page, dateModified: 'last week' }, 'p').join(), /is not a Date or DateTime/);
  assert.match(
    vocabularyProblems({ ...page, isPartOf: { '@type': 'Organization', name: 'x' } }, 'p').join(),
    /isPartOf/,
  );
  assert.match(vocabularyProblems({ ...page, '@type': 'Recipe' }, 'p').join(), /not in the vocabulary subset/);
});
