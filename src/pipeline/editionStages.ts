/**
 * The build's edition stages. Before Astro: the committed editions must agree with their indexes
 * (a released edition never changes). After the pages: every edition is published under
 * /editions/<id>/ as its committed bytes, and each page's status against the latest edition,
 * which the pages were rendered with, must hold for their Markdown mirrors too.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../uai/node/recordFiles.ts';
import { EDITION_INDEX_FILE, EDITIONS_FOLDER, fileChanges } from '../record/editions/editions.ts';
import { pendingFrozenPaths } from '../record/editions/pageStatus.ts';
import { builtEditionChanges, editionState, type EditionState } from '../record/machine/node/editionState.ts';
import type { EditionSite } from '../record/editions/node/editionFiles.ts';
import { fail } from './buildFailure.ts';
import type { Dist } from './distFiles.ts';
import { releasedRequirementProblems } from '../record/requirements/requirementHistory.ts';
import { committedEditionBundle, type EditionBundle } from '../record/machine/node/editionBundle.ts';
import type { Problem } from '../uai/problem.ts';

/** Set by `npm run edition` for the build it runs before freezing (scripts/edition.ts). */
export const FREEZING_ENV = 'UAIX_FREEZING_EDITION';

/**
 * Before Astro: every committed edition reads, matches its index, and follows the one before it;
 * and every requirement id an edition released is still stated at its level, or retired.
 */
export function checkEditions(site: EditionSite): EditionState {
  const state = editionState(site);
  if (state.problems.length) fail('editions', state.problems);
  const dropped = releasedRequirementProblems(state.releasedRequirements, site.requirements, site.retiredRequirements);
  if (dropped.length) fail('requirements', dropped);
  return state;
}

/**
 * After the mirrors: copies every committed edition into dist/editions/ byte for byte, and fails
 * when a page said "Published in edition <id>" (or the record a machine file unchanged) but its
 * Markdown differs from the latest edition's (a template, interface string or shared data file
 * changed it while the page's own files did not).
 */
export function publishEditions(dist: Dist, site: EditionSite): number {
  const state = editionState(site);
  let copied = 0;
  for (const edition of state.editions) {
    for (const file of [...Object.keys(edition.files), EDITION_INDEX_FILE]) {
      const from = join(REPOSITORY_ROOT, EDITIONS_FOLDER, edition.id, file);
      // The one writer of dist/: a full disk is a line naming the file, not a trace.
      dist.copy(from, `/${EDITIONS_FOLDER}/${edition.id}/${file}`);
      copied++;
    }
  }
  const { latest, pending } = state;
  // The edition command's own build: the edition it is about to write supersedes the latest one.
  if (latest && !process.env[FREEZING_ENV]) {
    // Every file of the edition the pages and records claim unchanged (all but the pending ones)
    // must be byte for byte the edition's once rendered: a page that says "Published in edition
    // <id>" has its released text.
    const { added, removed, changed } = fileChanges(latest.files, builtEditionChanges(site, dist.root));
    const claimed = pendingFrozenPaths(pending);
    const differing = [...added, ...removed, ...changed].filter((file) => !claimed.has(file));
    if (differing.length)
      fail(
        'editions',
        differing.map((file): Problem => ({
          file: `${EDITIONS_FOLDER}/${latest.id}/${file}`,
          message: `the build's ${file} differs from edition ${latest.id}'s, though the files it is made from do not and its page says "Published in edition ${latest.id}" (a template, interface string or shared data file changed it)`,
          rule: 'editions',
          hint: 'release a new edition with npm run edition -- <id>, or undo the change to the shared file',
        })),
      );
  }
  return copied;
}

/** After the editions: each one's offline bundle beside its folder (`/editions/<id>.tar.gz`), for the manifest. */
export async function publishEditionBundles(dist: Dist, site: EditionSite): Promise<EditionBundle[]> {
  const bundles: EditionBundle[] = [];
  for (const edition of editionState(site).editions) {
    const bundle = await committedEditionBundle(edition);
    dist.write(bundle.path, bundle.bytes);
    bundles.push(bundle);
  }
  return bundles;
}
