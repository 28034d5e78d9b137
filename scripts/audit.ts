/**
 * `npm test` runs this before the build: `npm audit --omit=dev` (the dependencies that run in the
 * build and ship to readers) against the registry's advisory data, printed in the CI output.
 * Policy: a high or critical advisory fails the run (upgrade the package, or pin a fixed version
 * through `overrides`); low and moderate ones are listed and the run goes on. When the advisory
 * endpoint cannot be reached (offline, a proxy that refuses it), the run goes on and says so: no
 * advisory data is not the same as no advisory.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const FAILING_SEVERITIES = ['high', 'critical'] as const;

interface AuditVia {
  title?: string;
  url?: string;
  severity?: string;
  range?: string;
}

interface AuditReport {
  vulnerabilities?: Record<
    string,
    { name: string; severity: string; via: (AuditVia | string)[]; range?: string; fixAvailable?: unknown }
  >;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number; total?: number } };
  error?: { summary?: string; detail?: string };
  message?: string;
}

export interface AuditVerdict {
  /** Lines for the CI output. */
  lines: string[];
  /** True when the run must stop. */
  fails: boolean;
}

/** Reads `npm audit --json` output and applies the policy above. */
export function readAudit(jsonText: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(jsonText);
  } catch {
    return {
      lines: ['audit: npm audit gave no readable report; advisory data unavailable, the run continues'],
      fails: false,
    };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const reason = (report.message ?? report.error?.summary ?? 'no report').split('\n')[0];
    return {
      lines: [
        `audit: the registry's advisory endpoint could not be reached (${reason}); no advisory data, the run continues`,
      ],
      fails: false,
    };
  }
  const lines: string[] = [];
  for (const entry of Object.values(report.vulnerabilities ?? {}).sort((a, b) => a.name.localeCompare(b.name))) {
    const advisories = entry.via.filter((via): via is AuditVia => typeof via === 'object');
    const what = advisories.length
      ? advisories.map((via) => `${via.title ?? 'advisory'} (${via.url ?? 'no URL'})`).join('; ')
      : `through ${entry.via.join(', ')}`;
    lines.push(`audit: ${entry.severity} ${entry.name} ${entry.range ?? ''}: ${what}`.replace(/\s+:/, ':'));
  }
  const failing = FAILING_SEVERITIES.reduce((sum, severity) => sum + (counts[severity] ?? 0), 0);
  const summary = ['critical', 'high', 'moderate', 'low', 'info']
    .map((severity) => `${counts[severity] ?? 0} ${severity}`)
    .join(', ');
  lines.push(
    `audit: ${summary} among ${report.metadata?.dependencies?.prod ?? '?'} production dependencies${failing ? ': high or critical advisories fail the run' : ''}`,
  );
  return { lines, fails: failing > 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 60_000 });
  const verdict = run.error
    ? {
        lines: [`audit: npm audit could not run (${run.error.message}); no advisory data, the run continues`],
        fails: false,
      }
    : readAudit(run.stdout);
  for (const line of verdict.lines) console.log(line);
  process.exitCode = verdict.fails ? 1 : 0;
}
