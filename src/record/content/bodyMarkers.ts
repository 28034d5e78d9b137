/** The markers a page body may hold, each replaced by a generated block (see docs/content-model.md). */
export const BODY_MARKERS = ['client-ladder', 'package-commands'] as const;
export type BodyMarker = (typeof BODY_MARKERS)[number];

/** A marker as written in Markdown: an HTML comment, the one raw HTML a body may hold. */
export const markerComment = (marker: BodyMarker): string => `<!-- uaix:${marker} -->`;
