/**
 * The build's errata stages. Before Astro: the register's files read and fit their schema, and
 * every erratum names a released edition, a page of the record that edition holds, and (fixed) a
 * later released edition. After the pages: every section anchor is an id of its page, then
 * `/errata.json` is written, checked against its published schema.
 */
import { SOURCE_LOCALE } from '../record/model/locales.ts';
import {
  ERRATA_JSON_PATH,
  ERRATA_SCHEMA_PATH,
  errataAnchorProblems,
  errataDocument,
  errataProblems,
  type ErrataRegister,
} from '../record/editions/errata.ts';
import { frozenRecordCodes, loadErrata } from '../record/editions/node/errataFiles.ts';
import { editionState } from '../record/machine/node/editionState.ts';
import type { EditionSite } from '../record/editions/node/editionFiles.ts';
import type { Dist } from './distFiles.ts';
import { fail } from './buildFailure.ts';
import { recordSchemaProblems } from '../record/content/node/siteSchemas.ts';

/** Every record code with the URL of its English page. */
function englishPages(site: EditionSite): Map<string, string> {
  return new Map(site.index.pages.filter((page) => page.locale === SOURCE_LOCALE).map((page) => [page.code, page.url]));
}

/** Before Astro: the register reads, fits its schema and names what exists. */
export function checkErrata(site: EditionSite): ErrataRegister {
  const { register, problems } = loadErrata();
  if (problems.length) fail('errata', problems);
  const frozen = new Map<string, Set<string>>();
  const crossProblems = errataProblems(register, {
    editions: editionState(site).editions.map((edition) => edition.id),
    pages: englishPages(site),
    frozenCodes: (id) => frozen.get(id) ?? frozen.set(id, frozenRecordCodes(id)).get(id)!,
  });
  if (crossProblems.length) fail('errata', crossProblems);
  return register;
}

/**
 * After the pages: each erratum's section is an id of its English page (`pageIds` by page URL),
 * then /errata.json. Returns its public path.
 */
export function publishErrata(
  dist: Dist,
  site: EditionSite,
  pageIds: (url: string) => ReadonlySet<string> | undefined,
): string {
  const { register } = loadErrata();
  const pages = englishPages(site);
  const anchorProblems = errataAnchorProblems(register, pages, pageIds);
  if (anchorProblems.length) fail('errata', anchorProblems);
  const document = errataDocument(register, pages);
  const schemaProblems = recordSchemaProblems(ERRATA_JSON_PATH, document, ERRATA_SCHEMA_PATH);
  if (schemaProblems.length) fail('errata', schemaProblems);
  dist.write(ERRATA_JSON_PATH, `${JSON.stringify(document, null, 2)}\n`);
  return ERRATA_JSON_PATH;
}
