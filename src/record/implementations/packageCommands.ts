/**
 * The commands the record prints for its installable validator, built from the release (name,
 * version and digests come from packages/uai-1/package.json and the packed tarball), so no page
 * types a version or digest by hand and none suggests a bare `npx uaix`.
 */
import { SITE_ORIGIN } from '../model/locales.ts';

export interface PackageRelease {
  name: string;
  version: string;
  license: string;
  /** `uaix-uai-1-0.1.0.tgz`: the name `npm pack` gives it. */
  fileName: string;
  /** Its public path, `/tools/<fileName>`. */
  path: string;
  sha256: string;
  /** npm's Subresource Integrity string, `sha512-<base64>`. */
  integrity: string;
  bytes: number;
}

/** `npx` pinned to the tarball's URL: works on a fresh machine with Node 20, nothing installed. */
export function runCommand(release: PackageRelease, args: string, origin: string = SITE_ORIGIN): string {
  return `npx --yes --package ${origin}${release.path} uaix ${args}`;
}

/** Download the tarball and compare its sha256 with the published one (`sha256sum` prints `<file>: OK`). */
export function digestCheckCommands(release: PackageRelease, origin: string = SITE_ORIGIN): string {
  return [
    `curl -fsSLO ${origin}${release.path}`,
    `echo "${release.sha256.replace(/^sha256:/, '')}  ${release.fileName}" | sha256sum --check`,
  ].join('\n');
}

/** The commands shown under "On the command line": validate, convert and digest a packet. */
export function packetCommands(release: PackageRelease, origin: string = SITE_ORIGIN): string {
  return [
    runCommand(release, 'validate --json packet.json', origin),
    runCommand(release, 'compact packet.json > packet.keyless.json', origin),
    runCommand(release, 'digest packet.json', origin),
  ].join('\n');
}
