/**
 * Detects text that claims UAIX provides what it does not: hosted messaging, automatic sync,
 * runtime orchestration, repository writes, official adapters, certification or hosted import.
 * A sentence is a claim when it names UAIX, names one of those capabilities, and is not negated
 * ("UAIX does not provide automatic sync" is the support boundary, not a claim).
 */
export const UNSUPPORTED_CAPABILITIES: { capability: string; pattern: RegExp }[] = [
  { capability: 'hosted messaging', pattern: /\bhost(?:ed|s|ing)?\s+(?:the\s+)?messag(?:ing|es)\b|\bmessag(?:ing|es)\s+(?:is\s+|are\s+)?hosted\b/i },
  { capability: 'automatic sync', pattern: /\bauto(?:matic(?:ally)?|-)?\s*sync(?:s|hroni[sz](?:ation|es|ed))?\b|\bsyncs?\s+automatically\b/i },
  { capability: 'runtime orchestration', pattern: /\b(?:runtime\s+)?orchestrat(?:ion|es|ing|e)\b/i },
  { capability: 'repository writes', pattern: /\brepositor(?:y|ies)\s+writ(?:es?|ing)\b|\bwrit(?:es?|ing)\s+(?:to\s+)?(?:your\s+|the\s+)?repositor(?:y|ies)\b|\bcommits?\s+to\s+(?:your\s+)?repositor/i },
  { capability: 'official adapters', pattern: /\bofficial\s+(?:\w+\s+)?adapters?\b/i },
  { capability: 'certification', pattern: /\bcertif(?:ication|ies|y|ied)\b/i },
  { capability: 'hosted import', pattern: /\bhosted\s+imports?\b|\bimports?\s+(?:is\s+)?hosted\b/i },
];

const NAMES_UAIX = /\buaix(?:\.org)?\b/i;
const NEGATION = /\b(?:no|not|never|without|nor|neither|cannot|can't|doesn't|don't|isn't|aren't|won't|does\s+not|do\s+not|is\s+not|are\s+not|will\s+not|none)\b/i;

export interface ClaimFinding {
  capability: string;
  sentence: string;
}

export function splitSentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).map((sentence) => sentence.trim()).filter(Boolean);
}

/** URLs and URNs are names, not statements: `urn:uaix:ext:certification` claims nothing. */
const URI = /\b(?:[a-z][a-z0-9+.-]*:\/\/|urn:)[^\s"'<>]*/gi;

export function findUnsupportedClaim(text: string): ClaimFinding | undefined {
  // Most strings never name UAIX: skip the sentence split for them.
  if (!/uaix/i.test(text)) return undefined;
  for (const sentence of splitSentences(text)) {
    const prose = sentence.replace(URI, ' ');
    if (!NAMES_UAIX.test(prose) || NEGATION.test(prose)) continue;
    for (const { capability, pattern } of UNSUPPORTED_CAPABILITIES) {
      if (pattern.test(prose)) return { capability, sentence };
    }
  }
  return undefined;
}
