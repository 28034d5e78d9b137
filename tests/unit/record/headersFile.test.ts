/**
 * The `_headers` file as Cloudflare Pages and Netlify both read it: the one path matcher's
 * semantics (splat, placeholder, trailing slash) and the build's check of both hosts' rules, each
 * broken rule one line naming its line of the file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostPatternMatches, parseHostPattern } from '../../../src/record/machine/hostPathPattern.ts';
import {
  MAX_HEADER_RULES,
  MAX_HEADERS_LINE,
  headersFileProblems,
  readHeadersFile,
} from '../../../src/record/machine/headersFileCheck.ts';
import { HEADER_RULES, headersFile } from '../../../src/record/machine/machineRecords.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const lines = (text: string) => headersFileProblems(text).map(formatProblem);

test('host patterns: a splat matches any run of characters, / included, even none', () => {
  assert.ok(hostPatternMatches('/schemas/*', '/schemas/uai-1/envelope.schema.json'));
  assert.ok(hostPatternMatches('/schemas/*', '/schemas/'));
  assert.ok(!hostPatternMatches('/schemas/*', '/schemas'));
  assert.ok(hostPatternMatches('/*/index.json', '/fr-fr/registry/uai-agent-ack-v1/index.json'));
  assert.ok(!hostPatternMatches('/*/index.json', '/index.json'));
  assert.ok(hostPatternMatches('/sitemap-*', '/sitemap-0.xml'));
  assert.ok(hostPatternMatches('/editions/*.tar.gz', '/editions/2026-12-01.tar.gz'));
  assert.ok(!hostPatternMatches('/llms.txt', '/llms-txt'));
  // The text before and after the splat cannot share characters.
  assert.ok(!hostPatternMatches('/ab*ba', '/aba'));
});

test('host patterns: a placeholder is one whole path segment, one character or more, never a /', () => {
  assert.ok(hostPatternMatches('/editions/:edition/*', '/editions/2026-12-01/schemas/uai-1/x.schema.json'));
  assert.ok(!hostPatternMatches('/editions/:edition/*', '/editions/2026-12-01.tar.gz'));
  assert.ok(!hostPatternMatches('/editions/:edition/*', '/editions//x.json'));
  assert.ok(hostPatternMatches('/editions/:edition/schemas/*', '/editions/2026-12-01/schemas/uai-1/x.json'));
  assert.ok(!hostPatternMatches('/editions/:edition/schemas/*', '/editions/2026-12-01/examples/schemas/x.json'));
  assert.ok(hostPatternMatches('/a/*/:file', '/a/b/c/d.json'));
  assert.ok(!hostPatternMatches('/a/*/:file', '/a/d.json'));
  assert.ok(hostPatternMatches('/x/:name', '/x/y'));
  assert.ok(!hostPatternMatches('/x/:name', '/x/y/z'));
});

test('host patterns: a trailing slash is part of the path, matched as written', () => {
  assert.ok(hostPatternMatches('/en-us/*/', '/en-us/about/'));
  assert.ok(!hostPatternMatches('/en-us/*/', '/en-us/about'));
  assert.ok(!hostPatternMatches('/en-us/*/', '/en-us/'));
  assert.ok(hostPatternMatches('/en-us/', '/en-us/'));
  assert.ok(!hostPatternMatches('/en-us/', '/en-us'));
  assert.ok(!hostPatternMatches('/x/:name', '/x/y/'));
  assert.ok(hostPatternMatches('/x/:name/', '/x/y/'));
});

test('host patterns: outside the shared grammar a pattern matches nothing (Cloudflare drops it), with the reason', () => {
  assert.ok(!hostPatternMatches('/editions/*/*', '/editions/a/b'));
  const refusal = (pattern: string) => {
    const parsed = parseHostPattern(pattern);
    return 'rule' in parsed ? `${parsed.rule}@${parsed.column}` : 'read';
  };
  assert.equal(refusal('/editions/*/*'), 'headers-one-splat@13');
  assert.equal(refusal('/a/:b.json'), 'headers-path-pattern@4');
  assert.equal(refusal('/:a*'), 'headers-path-pattern@2');
  assert.equal(refusal('https://uaix.org/*'), 'headers-path-pattern@1');
  assert.equal(refusal('/a?b'), 'headers-path-pattern@3');
  assert.equal(refusal('/a/:b/c'), 'read');
});

test("the build's own rules are all read by both hosts alike", () => {
  const text = headersFile(HEADER_RULES);
  assert.deepEqual(lines(text), []);
  assert.equal(readHeadersFile(text).rules.length, HEADER_RULES.length);
});

test('_headers check: a two-splat rule fails at its line', () => {
  assert.deepEqual(lines('/*\n  X-A: 1\n/editions/*/*\n  X-B: 2\n'), [
    '/_headers:3:13: "/editions/*/*" has a second splat *: Cloudflare Pages allows one per URL pattern (use a :placeholder for a segment) [headers-one-splat]',
  ]);
});

test('_headers check: the 101st rule fails at its line', () => {
  const rules = Array.from({ length: MAX_HEADER_RULES + 1 }, (_, index) => `/r${index}\n  X-A: 1`).join('\n');
  assert.deepEqual(lines(`${rules}\n`), [
    '/_headers:201:1: rule 101: Cloudflare Pages reads at most 100 header rules [headers-rule-count]',
  ]);
  assert.deepEqual(lines(`${rules.split('\n').slice(0, -2).join('\n')}\n`), []);
});

test('_headers check: a 2,001-character line fails at its line; 2,000 characters pass', () => {
  const header = (length: number) => `  X-A: ${'v'.repeat(length - '  X-A: '.length)}`;
  assert.equal(header(MAX_HEADERS_LINE + 1).length, 2001);
  assert.deepEqual(lines(`/*\n  X-B: 1\n${header(MAX_HEADERS_LINE + 1)}\n`), [
    '/_headers:3:2001: line of 2001 characters: Cloudflare Pages reads at most 2000 [headers-line-length]',
  ]);
  assert.deepEqual(lines(`/*\n${header(MAX_HEADERS_LINE)}\n`), []);
});

test('_headers check: header lines are indented Name: value; detach, strays and empty rules fail at their lines', () => {
  assert.deepEqual(lines('  X-A: 1\n/a\n  ! X-B\n/b\n  X A: 1\n/c\n\n# a comment\n/d\n  X-D: ok\n'), [
    '/_headers:1:1: a header line before any path pattern [headers-header-line]',
    '/_headers:2:1: "/a" sets no header [headers-empty-rule]',
    "/_headers:3:1: a detached header (! Name) is Cloudflare Pages' alone: Netlify does not read it [headers-header-line]",
    '/_headers:4:1: "/b" sets no header [headers-empty-rule]',
    '/_headers:5:1: "X A: 1" is no indented "Name: value" header line [headers-header-line]',
    '/_headers:6:1: "/c" sets no header [headers-empty-rule]',
  ]);
  assert.deepEqual(readHeadersFile('/d\n  X-D:  two words \n').rules[0].headers, [['X-D', 'two words']]);
});
