/**
 * The documentation's sections that restate the standard (error codes, identifier grammar, CLI
 * usage, in docs/error-codes.md and docs/cli.md) are generated from the core (the build's stage
 * list, in docs/build.md, from the build: scripts/artifacts.ts), and the drift test fails when a
 * page differs from them.
 */
import { ERROR_CODES, WARNING_CODES } from '../../uai/errorCodes.ts';
import type { FieldRegistryDocument } from './fieldRegistry.ts';
import { USAGE } from '../../uai/commandUsage.ts';

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

/** The generated documentation blocks that restate the core, by name. */
export function coreReadmeSections(registry: FieldRegistryDocument): Record<string, string> {
  return {
    'error-codes': errorCodeTable(),
    'identifier-grammar': identifierGrammarTable(registry),
    'cli-usage': cliUsageBlock(),
  };
}

/**
 * Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` for each of
 * `sections` in `text`, the Markdown file `file` (named when a block is missing).
 */
export function fillGeneratedBlocks(text: string, sections: Readonly<Record<string, string>>, file: string): string {
  let out = text;
  for (const [name, text] of Object.entries(sections)) {
    // indexOf, not a lazy regex: a regex search restarts at every opening marker (quadratic).
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = out.indexOf(open);
    const end = start < 0 ? -1 : out.indexOf(close, start + open.length);
    if (end < 0) throw new Error(`${file} has no ${open} … ${close} block`);
    out = `${out.slice(0, start + open.length)}\n${text}\n${out.slice(end)}`;
  }
  return out;
}
