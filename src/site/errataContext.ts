/**
 * The errata register as the templates read it: the errata a page's status strip links to, and each
 * erratum's text in a page's locale (a current translation along its chain, else the English).
 */
import { loadErrata } from '../record/editions/node/errataFiles.ts';
import { errataOf, erratumText, type Erratum, type ErrataRegister } from '../record/editions/errata.ts';
import type { Page } from '../record/pages/pageIndex.ts';

export function errataRegister(): ErrataRegister {
  return loadErrata().register;
}

/** The errata that touch a page (by its record code, the same in every locale). */
export function errataOfPage(page: Page): Erratum[] {
  return errataOf(errataRegister(), page.code);
}

export function erratumTextIn(erratum: Erratum, locale: string): { text: string; locale: string } {
  return erratumText(errataRegister(), erratum, locale);
}
