/**
 * Frontmatter and data-file schemas of content/. Astro's content collections and the build's
 * pre-check both use these, so a page is judged by one set of rules.
 */
// The same zod that Astro's content collections use (one copy, pinned to Astro's version), without importing Astro.
import { z } from 'zod';
import { CONTENT_CODE_PATTERN } from '../pages/pageIndex.ts';
import { DIGEST_PATTERN } from '../../uai/packetDigest.ts';

const digest = z.string().regex(DIGEST_PATTERN, 'must be sha256:<64 lowercase hex>');

export const recordFrontmatter = z
  .object({
    code: z.string().regex(CONTENT_CODE_PATTERN, 'must be UAIX-<SPEC|REGI|DOC|SCHE|EXAM|TOOL|GUID|ABOU>-NNNN'),
    title: z.string().min(1),
    // Search results and link cards show about 160 characters; a longer description is cut mid-sentence.
    description: z.string().min(1).max(160),
    order: z.number().int().min(0),
    source_digest: digest.optional(),
  })
  .strict();

export const profileFrontmatter = recordFrontmatter
  .extend({
    profile: z.string().regex(/^uai\.agent\.[a-z][a-z0-9-]*\.v[1-9][0-9]*$/),
    purpose: z.string().min(1),
    when_to_use: z.string().min(1),
    when_not_to_use: z.string().min(1),
    related: z.array(z.string()).min(1),
  })
  .strict();

export const registryCommonData = z
  .object({
    source_digest: digest.optional(),
    headings: z.record(z.string(), z.string()),
    envelope_intro: z.string(),
    body_intro: z.string(),
    conditional_note: z.string(),
    reliability: z.string(),
    additional_fields: z.string(),
    validation: z.array(
      z
        .object({
          code: z.string(),
          text: z.string(),
          also: z.array(z.string()).optional(),
          requirements: z.array(z.string()).min(1).optional(),
        })
        .strict(),
    ),
    trust: z.string(),
    redaction: z.string(),
    support_boundary: z.string(),
    related_links: z.record(z.string(), z.string()),
    keyless_note: z.string(),
  })
  .strict();

export const clientLadderData = z
  .object({
    source_digest: digest.optional(),
    columns: z.record(z.string(), z.string()),
    rows: z.array(
      z
        .object({
          client: z.string(),
          label: z.string(),
          highest_supported_path: z.string(),
          lowest_safe_fallback: z.string(),
          public_statement: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

export const uiStringsData = z.record(z.string(), z.string());

/** A locale's glossary: the preferred rendering of each English term and the renderings it bans. */
export const glossaryData = z
  .object({
    terms: z
      .array(
        z
          .object({
            term: z.string().min(1),
            use: z.string().min(1),
            note: z.string().min(1).optional(),
            // The English definition (content/glossary/en-us.json) in this language, with the digest of
            // the English it translates, as the catalog of generated strings records it.
            definition: z.object({ text: z.string().min(1), source: digest }).strict().optional(),
            banned: z.array(
              z
                .object({
                  text: z.string().min(1),
                  reason: z.string().min(1),
                  // 'non-normative': banned in every text but the normative pages and data files, which
                  // change only with an edition and are corrected there.
                  scope: z.literal('non-normative').optional(),
                })
                .strict(),
            ),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/**
 * The English glossary (content/glossary/en-us.json): every concept a translation's glossary renders,
 * by its term, with one short definition for readers, written once and translated in each locale's file.
 */
export const englishGlossaryData = z
  .object({
    terms: z
      .array(z.object({ term: z.string().min(1), definition: z.string().min(1) }).strict())
      .min(1),
  })
  .strict();

/** The BCP 14 key words (content/bcp14.json): per level, the forms each locale writes. */
export const bcp14Data = z
  .object({
    about: z.string().min(1),
    levels: z
      .array(
        z
          .object({
            level: z.enum(['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY']),
            forms: z.record(
              z.string(),
              // Capitals, or a script without case (every letter Lo), whose forms are marked up instead.
              z
                .array(
                  z
                    .string()
                    .regex(/^(?:\p{Lu}+( \p{Lu}+)*|\p{Lo}+)$/u, 'must be upper case, or of a script without case'),
                )
                .min(1),
            ),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/** Codes (and optionally the place and kind of fixture) that test a requirement: fixtures are derived from them. */
const requirementTest = z
  .object({
    code: z.string().regex(/^UAI-[A-Z0-9-]+$/),
    /** JSON Pointer: the fixture's expected place is this pointer or below it. */
    path: z
      .string()
      .regex(/^(\/[^/]*)*$/, 'must be a JSON Pointer')
      .optional(),
    kind: z.enum(['packet', 'route-record']).optional(),
  })
  .strict();

/** How each requirement is tested (content/requirements.json), and the ids that may never be used again. */
export const requirementTraceData = z
  .object({
    requirements: z.record(
      z.string(),
      z.union([
        z.object({ tests: z.array(requirementTest).min(1) }).strict(),
        z.object({ untestable: z.record(z.string(), z.string().min(1)) }).strict(),
      ]),
    ),
    retired: z.record(z.string(), z.string().min(1)),
  })
  .strict();

export type RecordFrontmatter = z.infer<typeof recordFrontmatter>;
export type ProfileFrontmatter = z.infer<typeof profileFrontmatter>;
export type RegistryCommon = z.infer<typeof registryCommonData>;
export type ClientLadder = z.infer<typeof clientLadderData>;
export type Glossary = z.infer<typeof glossaryData>;
export type EnglishGlossary = z.infer<typeof englishGlossaryData>;
export type Bcp14 = z.infer<typeof bcp14Data>;
export type RequirementTrace = z.infer<typeof requirementTraceData>;
export type RequirementTest = z.infer<typeof requirementTest>;

/** Which schema a Markdown entry's frontmatter follows. */
export function frontmatterSchemaFor(collection: string) {
  return collection === 'registry' ? profileFrontmatter : recordFrontmatter;
}
