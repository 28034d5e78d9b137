/**
 * axe-core in a Playwright page: WCAG 2.0/2.1 A and AA, WCAG 2.2 AA and axe's best practices.
 * The same function runs on the site's pages and on the negative tests' synthetic pages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
export const AXE_PATH = require.resolve('axe-core/axe.min.js');
const AXE_SOURCE = readFileSync(AXE_PATH, 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  page: string;
  scheme: string;
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  summary?: string;
}

interface AxeResultShape {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** Runs axe on what the page shows now (injects axe if it is not there yet). */
export async function runAxe(page: Page, label: { page: string; scheme?: string }): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
  // govern: a <script> tag (addScriptTag) is inline script, which the site's policy blocks.
  if (!present) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(
        document,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      ),
    AXE_TAGS,
  )) as AxeResultShape;
  return result.violations.map((violation) => ({
    page: label.page,
    scheme: label.scheme ?? 'light',
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim(),
  }));
}

export function formatViolation(violation: AxeViolation): string {
  const shown = violation.targets.slice(0, 5).join(' | ');
  const more = violation.targets.length > 5 ? ` (+${violation.targets.length - 5} more)` : '';
  return `${violation.page} [${violation.scheme}] ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${shown}${more}${violation.summary ? ` — ${violation.summary}` : ''}`;
}

/** The same violation on many pages (a shared header or footer) as one entry listing its pages. */
export function groupViolations(violations: AxeViolation[]): string[] {
  const groups = new Map<string, { violation: AxeViolation; pages: string[] }>();
  for (const violation of violations) {
    const key = `${violation.id} ${violation.scheme} ${violation.targets.map((target) => target.replace(/:nth-child\(\d+\)/g, '')).join(' | ')}`;
    const group = groups.get(key) ?? { violation, pages: [] };
    group.pages.push(violation.page);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ violation, pages }) => {
    const shown = pages.length > 6 ? `${pages.slice(0, 6).join(', ')} and ${pages.length - 6} more` : pages.join(', ');
    return `${formatViolation({ ...violation, page: `${pages.length} page${pages.length === 1 ? '' : 's'}` })}\n      on ${shown}`;
  });
}
