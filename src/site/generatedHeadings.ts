/** Headings of the generated sections, for the table of contents (ids are the same in every locale). */
import type { PageRecord } from '../record/pageIndex.ts';
import { loadSite } from './siteContext.ts';

export const PROFILE_SECTIONS = [
  'purpose',
  'when_to_use',
  'when_not_to_use',
  'required_fields',
  'reliability_fields',
  'additional_fields',
  'validation',
  'trust',
  'redaction',
  'support_boundary',
  'related',
  'keyed_fixture',
  'keyless_form',
] as const;

export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export function sectionId(key: string): string {
  return key.replace(/_/g, '-');
}

export function generatedHeadings(page: PageRecord): { depth: number; slug: string; text: string }[] {
  const site = loadSite();
  if (page.path.startsWith('registry/')) {
    const headings = site.registryCommon(page.locale).data.headings;
    return PROFILE_SECTIONS.map((key) => ({ depth: 2, slug: sectionId(key), text: headings[key] ?? key }));
  }
  if (page.path === 'specification/uai-1') {
    const t = site.ui(page.locale);
    return [
      { depth: 2, slug: 'envelope-fields', text: t('spec.envelope') },
      { depth: 2, slug: 'nested-objects', text: t('spec.objects') },
      { depth: 2, slug: 'identifier-grammar', text: t('spec.grammar') },
    ];
  }
  return [];
}
