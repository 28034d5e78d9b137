/**
 * The README sections that restate the standard (error codes, identifier grammar, CLI usage) are
 * generated from the core, and a test fails when the README drifts from them.
 */
import { ERROR_CODES, WARNING_CODES } from '../uai/errorCodes.ts';
import type { FieldRegistryDocument } from './fieldRegistry.ts';
import { USAGE } from '../uai/commandUsage.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function errorCodeTable(): string {
  const rows = [...ERROR_CODES, ...WARNING_CODES].map(
    (entry) =>
      `| \`${entry.code}\` | ${entry.layer}${WARNING_CODES.includes(entry) ? ' (warning)' : ''} | ${cell(entry.rule)} |`,
  );
  return ['| code | layer | rule |', '| --- | --- | --- |', ...rows].join('\n');
}

export function identifierGrammarTable(registry: FieldRegistryDocument): string {
  const rows = registry.identifier_grammar.map(
    (rule) =>
      `| ${rule.pointers.map((pointer) => `\`${pointer}\``).join(', ')} | \`${cell(rule.pattern)}\` | ${rule.example !== undefined ? `\`${String(rule.example)}\`` : ''} |`,
  );
  return ['| fields | pattern | example |', '| --- | --- | --- |', ...rows].join('\n');
}

export function cliUsageBlock(): string {
  return ['```text', USAGE, '```'].join('\n');
}

export const README_SECTIONS = ['error-codes', 'identifier-grammar', 'cli-usage'] as const;

export function readmeSection(name: (typeof README_SECTIONS)[number], registry: FieldRegistryDocument): string {
  return name === 'error-codes'
    ? errorCodeTable()
    : name === 'identifier-grammar'
      ? identifierGrammarTable(registry)
      : cliUsageBlock();
}

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function fillReadme(readme: string, registry: FieldRegistryDocument): string {
  let out = readme;
  for (const name of README_SECTIONS) {
    // indexOf, not a lazy regex: a regex search restarts at every opening marker (quadratic).
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = start < 0 ? -1 : out.indexOf(close, start + open.length);
    if (end < 0) throw new Error(`README.md has no ${open} … ${close} block`);
    out = `${out.slice(0, start + open.length)}\n${readmeSection(name, registry)}\n${out.slice(end)}`;
  }
  return out;
}
