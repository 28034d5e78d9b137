/**
 * The link-card image of each kind of page, for `og:image` and `twitter:card`: one committed PNG per
 * kind under public/cards/ (made by scripts/socialCards.ts), chosen by the page's path.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const CARD_KINDS = ['specification', 'guide', 'tools', 'editions', 'record'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The words each card shows under the record's name (the cards serve every locale, so they hold only names). */
export const CARD_LABELS: Record<CardKind, string> = {
  specification: 'UAI-1 · specification',
  guide: 'UAI-1 · guides',
  tools: 'UAI-1 · tools and fixtures',
  editions: 'UAI-1 · editions and changelog',
  record: 'UAI-1',
};

/** The kind of card a page at `path` (its locale-free path) shows. */
export function cardKindOf(path: string): CardKind {
  if (/^(specification|spec|registry)(\/|$)/.test(path)) return 'specification';
  if (/^guides(\/|$)/.test(path)) return 'guide';
  if (/^(tools|examples|schemas)(\/|$)/.test(path)) return 'tools';
  if (/^(editions|governance)(\/|$)/.test(path)) return 'editions';
  return 'record';
}

/** The public path of a card's image. */
export const cardImagePath = (kind: CardKind): string => `/cards/${kind}.png`;
