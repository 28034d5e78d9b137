/**
 * Detects text that claims UAIX provides what it does not (the capabilities listed in
 * `UNSUPPORTED_CAPABILITIES`), in English, Spanish or French (the record publishes all three).
 *
 * A sentence is a claim when a capability is named in a clause that also names UAIX, no negation
 * governs that capability (a negation before it in the same clause, or right after it: "is not
 * offered", "n'est pas fournie"), and no other actor (the runtime, a vendor) stands between UAIX
 * and the capability. A negation elsewhere in the sentence ("…, and no setup is required") does not
 * hide a claim. Text is normalized first (format characters such as U+200B removed, NFKC), then
 * matched without case or accents. Every step is linear in the text: a keyword pre-test before any
 * sentence work, one tokenization per sentence that names UAIX, and prefix counts per clause; and
 * the detector reads at most `CLAIM_SCAN_LIMIT` characters of one string (the policy message says
 * when a string was longer), which keeps its cost bounded on any input.
 */
export type ClaimLanguage = 'en' | 'es' | 'fr';

export interface ClaimFinding {
  capability: string;
  /** The sentence, normalized (NFKC, without format characters). */
  sentence: string;
  language: ClaimLanguage;
}

/** Patterns over folded text (lower case, no accents, single spaces), one per language. */
export const UNSUPPORTED_CAPABILITIES: { capability: string; patterns: Record<ClaimLanguage, RegExp> }[] = [
  {
    capability: 'hosted messaging',
    patterns: {
      en: /\bhost(?:ed|s|ing)? (?:(?:the|your|all|their|agent) )?messag(?:ing|es)\b|\bmessag(?:ing|es) (?:(?:is|are) )?hosted\b|\bmessage hosting\b/,
      es: /\bmensajeria alojada\b|\bmensajes alojados\b|\baloja(?:n|mos)? (?:(?:los|tus|sus) )?mensajes\b|\balojamiento de (?:los )?mensajes\b/,
      fr: /\bmessagerie hebergee\b|\bmessages heberges\b|\bheberge(?:nt|ons)? (?:(?:les|vos|tous les) )?messages\b|\bhebergement (?:des|de) messages\b/,
    },
  },
  {
    capability: 'automatic sync',
    patterns: {
      en: /\bauto(?:matic(?:ally)?|-)? ?sync(?:s|ing|ed|hroni[sz](?:ation|es|ed|ing))?\b|\bsync(?:s|hroni[sz]es)? automatically\b/,
      es: /\bsincronizacion(?:es)? automatica(?:s)?\b|\bsincroniza(?:n|mos)? automaticamente\b|\bautomaticamente sincroniza/,
      fr: /\bsynchronisation automatique\b|\bsynchronise(?:nt)? automatiquement\b|\bautomatiquement synchronise/,
    },
  },
  {
    capability: 'runtime orchestration',
    patterns: {
      en: /\borchestrat(?:ion|es|ing|e)\b/,
      es: /\borquest(?:acion|a|an|amos|ar)\b/,
      fr: /\borchestr(?:ation|e|ent|ons)\b/,
    },
  },
  {
    capability: 'repository writes',
    patterns: {
      en: /\brepositor(?:y|ies) writ(?:es?|ing)\b|\bwrit(?:es?|ing) (?:to )?(?:(?:your|the|their) )?repositor(?:y|ies)\b|\bcommits? to (?:your )?repositor/,
      es: /\bescrituras? (?:en|a) (?:(?:el|los|tu|tus|su|sus) )?repositorios?\b|\bescrib(?:e|en|imos|ir) (?:en|a) (?:(?:el|los|tu|tus|su|sus) )?repositorios?\b/,
      fr: /\becritures? dans (?:(?:le|les|des|votre|vos|un) )?depots?\b|\becri(?:t|vent|re) dans (?:(?:le|les|des|votre|vos|un) )?depots?\b/,
    },
  },
  {
    capability: 'official adapters',
    patterns: {
      en: /\bofficial (?:[a-z0-9]{1,40} )?adapters?\b/,
      es: /\badaptador(?:es)? oficial(?:es)?\b/,
      fr: /\badaptateurs? officiels?\b/,
    },
  },
  {
    capability: 'certification',
    patterns: {
      en: /\bcertif(?:ications?|ies|y|ied)\b/,
      es: /\bcertific(?:acion|aciones|a|an|amos|ar|ado|ados|ada|adas)\b/,
      fr: /\bcertifi(?:cations?|e|es|ee|ees|ent|er|ons)\b/,
    },
  },
  {
    capability: 'hosted import',
    patterns: {
      en: /\bhosted imports?\b|\bimports? (?:(?:is|are) )?hosted\b|\bimport hosting\b/,
      es: /\bimportacion(?:es)? alojadas?\b/,
      fr: /\bimportations? hebergees?\b|\bimports? heberges?\b/,
    },
  },
];

/** The unsupported capabilities as one English list ("a, b or c"), for rule texts. */
export const UNSUPPORTED_CAPABILITY_LIST = ((names: string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`)(
  UNSUPPORTED_CAPABILITIES.map((entry) => entry.capability),
);

const LANGUAGES: readonly ClaimLanguage[] = ['en', 'es', 'fr'];

/** Word lists over folded tokens. */
const words = (list: string) => new Set(list.split(' '));
const NEGATORS = words(
  [
    "no not never without nor neither cannot can't doesn't don't isn't aren't won't none nothing unsupported falsely",
    'nunca jamas sin ni ningun ninguna ninguno tampoco',
    'ne n pas jamais sans aucun aucune non nullement',
  ].join(' '),
);
/** Auxiliaries after which a negation still governs the capability before them: "is not offered". */
const COPULAS = words('is are was were will does do has have es son esta estan fue est sont etait a ont');
/** Conjunctions that always start a new clause. */
const CONTRASTS = words(
  'but however whereas while although though yet pero sino aunque mientras mais cependant tandis pourtant',
);
const COORDINATORS = words('and or y e o u et ou');
/** Words that start a new predicate after a coordinator or a comma. */
const SUBJECTS = words('uaix it they we he she this ella ellos il elle ils elles on nous');
const VERBS = words(
  [
    'provides offers hosts ships includes runs performs supports orchestrates syncs certifies writes handles manages gives delivers enables is are has needs requires records executes keeps stores sends makes becomes will can may',
    'ofrece proporciona incluye aloja sincroniza orquesta certifica escribe gestiona maneja ejecuta registra es son tiene hace permite requiere necesita puede',
    'fournit offre propose inclut heberge synchronise orchestre certifie ecrit gere execute enregistre est sont fait permet peut requiert necessite exige',
  ].join(' '),
);
/** Others that do what UAIX does not. */
const ACTORS = words(
  'runtime runtimes orchestrator orchestrators vendor vendors framework frameworks provider providers implementer implementers orquestador orquestadores proveedor proveedores entorno entornos implementador implementadores environnement environnements orchestrateur orchestrateurs fournisseur fournisseurs',
);
/** Words before an actor that make it a beneficiary or object, not the one who acts: "for the runtime". */
const BENEFICIARY_MARKERS = words('to for with provides offers gives para a al pour au aux');
const DETERMINERS = words(
  'the a an your their its every each el la los las tu tus su sus un una le les votre vos leur leurs',
);
const PUNCTUATION_BOUNDARIES = new Set([';', ':', '(', ')', '\u2014', '\u2013']);
const STOPWORDS: Record<ClaimLanguage, Set<string>> = {
  en: words('the and is are of to for with does not your its it this that provides offers hosts certifies writes'),
  es: words(
    'el la los las de del y que es son para con no su sus una por ofrece proporciona aloja certifica escribe mantiene incluye',
  ),
  fr: words(
    'le la les des de du et est sont pour avec ne pas une sur par fournit offre heberge certifie ecrit propose maintient',
  ),
};

const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** NFKC without format characters (zero-width space, soft hyphen, bidi marks): what a reader sees. */
export function normalizeText(text: string): string {
  return text.replace(FORMAT_CHARACTERS, '').normalize('NFKC');
}

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc\u2032]/g;
const WHITESPACE_RUNS = /\s+/g;
/** Lower case, no accents, straight apostrophes, single spaces: the form the patterns read. */
function fold(sentence: string): string {
  return sentence
    .normalize('NFD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, "'")
    .replace(WHITESPACE_RUNS, ' ');
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * URLs and URNs are names, not statements: `urn:uaix:ext:certification` claims nothing. A scheme
 * starts only where a run of scheme characters begins, so a long run is read once.
 */
const URI = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>]*|\burn:[^\s"'<>]*/gi;
/** UAIX or uaix.org as a name, not inside an identifier (agt_uaix.publisher) or a record code (UAIX-DOC-3382). */
const NAMES_UAIX = /\buaix(?:\.org\b)?(?![-_.]?[a-z0-9])/;
const NAMES_UAIX_ALL = new RegExp(NAMES_UAIX.source, 'g');
/** The word every claim names (matched without case): `NAMES_UAIX` and the pre-tests look for it. */
export const CLAIM_SUBJECT = 'uaix';
/** Cheap pre-test: text that is all ASCII and has no "uaix" cannot name UAIX even after normalization. */
const MAY_NAME_UAIX = /uaix|[\u0080-\uffff]/i;
/** ASCII text holds no format characters and is its own NFKC form: it needs no normalization. */
const NON_ASCII = /[\u0080-\uffff]/;
/**
 * The stems of which every capability pattern above contains one, in any of the three languages
 * (matched without case): text without one claims nothing, so most strings that name UAIX
 * (identifiers, URLs) stop here. The validator's string screen reads the same list.
 */
export const CAPABILITY_STEMS: readonly string[] = [
  'messag',
  'mensaj',
  'sync',
  'sincron',
  'orchestr',
  'orquest',
  'reposit',
  'depot',
  'dépot',
  'depôt',
  'dépôt',
  'adapt',
  'certif',
  'import',
];
const HAS_CAPABILITY_STEM = new RegExp(CAPABILITY_STEMS.join('|'), 'i');
const TOKEN = /[\p{L}\p{N}]+(?:'t)?|[,;:()\u2014\u2013]/gu;

interface Clauses {
  tokens: { text: string; start: number; end: number }[];
  /** Clause index of each token. */
  clauseOf: number[];
  /** Index of the first token of each clause. */
  clauseStart: number[];
  /** Where UAIX mentions count for each clause: its start, or the start of the clause whose subject it shares. */
  mentionsFrom: number[];
  /** negatorsBefore[i]: negators among tokens[0..i). */
  negatorsBefore: number[];
  /** actorsBefore[i]: acting others among tokens[0..i). */
  actorsBefore: number[];
  /** Token indices of each UAIX mention, ascending. */
  mentions: number[];
}

/** Index of the first token that ends after `offset` (binary search). */
function tokenAt(tokens: Clauses['tokens'], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle].end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

function analyse(folded: string): Clauses {
  const tokens = Array.from(folded.matchAll(TOKEN), (match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  /** What follows a conjunction or comma at `at`: its own subject, a verb sharing the previous subject, or neither. */
  const predicateAfter = (at: number): 'subject' | 'verb' | undefined => {
    for (let next = at + 1; next <= at + 2 && next < tokens.length; next++) {
      const text = tokens[next].text;
      if (SUBJECTS.has(text)) return 'subject';
      if (VERBS.has(text) || NEGATORS.has(text)) return 'verb';
    }
    return undefined;
  };
  const clauseOf: number[] = [];
  const clauseStart: number[] = [0];
  const mentionsFrom: number[] = [0];
  const negatorsBefore: number[] = [0];
  const actorsBefore: number[] = [0];
  for (let index = 0; index < tokens.length; index++) {
    const text = tokens[index].text;
    const conjunction = CONTRASTS.has(text) || COORDINATORS.has(text);
    const next = index > 0 && (conjunction || text === ',') ? predicateAfter(index) : undefined;
    const opensClause =
      index > 0 &&
      (PUNCTUATION_BOUNDARIES.has(text) ||
        CONTRASTS.has(text) ||
        (COORDINATORS.has(text) && next !== undefined) ||
        (text === ',' && next === 'subject'));
    if (opensClause) {
      // "UAIX records packets and orchestrates runtimes": a verb without its own subject shares the previous clause's.
      mentionsFrom.push(conjunction && next === 'verb' ? mentionsFrom[clauseStart.length - 1] : index);
      clauseStart.push(index);
    }
    clauseOf.push(clauseStart.length - 1);
    const previous = tokens[index - 1]?.text ?? '';
    const beforePrevious = tokens[index - 2]?.text ?? '';
    const beneficiary =
      BENEFICIARY_MARKERS.has(previous) || (DETERMINERS.has(previous) && BENEFICIARY_MARKERS.has(beforePrevious));
    negatorsBefore.push(negatorsBefore[index] + (NEGATORS.has(text) ? 1 : 0));
    actorsBefore.push(actorsBefore[index] + (ACTORS.has(text) && !beneficiary ? 1 : 0));
  }
  const mentions = Array.from(folded.matchAll(NAMES_UAIX_ALL), (match) => tokenAt(tokens, match.index));
  return { tokens, clauseOf, clauseStart, mentionsFrom, negatorsBefore, actorsBefore, mentions };
}

/** Is the capability at tokens [first, last] a claim by UAIX? */
function claimedByUaix(clauses: Clauses, first: number, last: number): boolean {
  const { tokens, clauseOf, clauseStart, mentionsFrom, negatorsBefore, actorsBefore, mentions } = clauses;
  const clause = clauseOf[first];
  const from = clauseStart[clause];
  const to = clause + 1 < clauseStart.length ? clauseStart[clause + 1] : tokens.length;
  if (negatorsBefore[first] - negatorsBefore[from] > 0) return false;
  const after = tokens[last + 1];
  if (last + 1 < to && NEGATORS.has(after.text)) return false;
  if (last + 2 < to && COPULAS.has(after.text) && NEGATORS.has(tokens[last + 2].text)) return false;
  // The UAIX mention nearest to the capability within the clause; none means someone else's clause.
  let low = 0;
  let high = mentions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (mentions[middle] < first) low = middle + 1;
    else high = middle;
  }
  const before = low > 0 && mentions[low - 1] >= mentionsFrom[clause] ? mentions[low - 1] : undefined;
  const afterMention = low < mentions.length && mentions[low] > last && mentions[low] < to ? mentions[low] : undefined;
  const actorsBetween = (a: number, b: number) => actorsBefore[b] - actorsBefore[a + 1] > 0;
  if (before !== undefined && !actorsBetween(before, first)) return true;
  if (afterMention !== undefined && !actorsBetween(last, afterMention)) return true;
  return false;
}

function languageOf(tokens: Clauses['tokens'], candidates: readonly ClaimLanguage[]): ClaimLanguage {
  if (candidates.length === 1) return candidates[0];
  let best = candidates[0];
  let bestScore = -1;
  for (const language of candidates) {
    let score = 0;
    for (const token of tokens) if (STOPWORDS[language].has(token.text)) score++;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

const GLOBAL_PATTERNS = UNSUPPORTED_CAPABILITIES.map(({ capability, patterns }) => ({
  capability,
  patterns: LANGUAGES.map((language) => ({
    language,
    global: new RegExp(patterns[language].source, `${patterns[language].flags}g`),
  })),
}));

/** How much of one string the claim detector reads: far more than any prose field or content file. */
export const CLAIM_SCAN_LIMIT = 65_536;

/** True when the claim detector read only the first `CLAIM_SCAN_LIMIT` characters of `text`. */
export function claimScanStoppedEarly(text: string): boolean {
  return text.length > CLAIM_SCAN_LIMIT;
}

/**
 * Every claim in the first `CLAIM_SCAN_LIMIT` characters of `text`: at most one per capability per
 * sentence, in sentence order.
 */
export function findUnsupportedClaims(text: string): ClaimFinding[] {
  const scanned = claimScanStoppedEarly(text) ? text.slice(0, CLAIM_SCAN_LIMIT) : text;
  if (!MAY_NAME_UAIX.test(scanned)) return [];
  const normalized = NON_ASCII.test(scanned) ? normalizeText(scanned) : scanned;
  if (!/uaix/i.test(normalized) || !HAS_CAPABILITY_STEM.test(normalized)) return [];
  const findings: ClaimFinding[] = [];
  for (const sentence of splitSentences(normalized)) {
    if (!/uaix/i.test(sentence)) continue;
    const folded = fold(sentence).replace(URI, ' ');
    if (!NAMES_UAIX.test(folded)) continue;
    let clauses: Clauses | undefined;
    for (const { capability, patterns } of GLOBAL_PATTERNS) {
      const claimed = new Map<number, ClaimLanguage[]>();
      for (const { language, global } of patterns) {
        for (const match of folded.matchAll(global)) {
          clauses ??= analyse(folded);
          const first = tokenAt(clauses.tokens, match.index);
          const last = tokenAt(clauses.tokens, match.index + match[0].length - 1);
          if (claimedByUaix(clauses, first, last)) {
            claimed.set(first, [...(claimed.get(first) ?? []), language]);
            break;
          }
        }
      }
      if (claimed.size > 0) {
        const earliest = Math.min(...claimed.keys());
        findings.push({ capability, sentence, language: languageOf(clauses!.tokens, claimed.get(earliest)!) });
      }
    }
  }
  return findings;
}

/** The first claim in `text`, if any. */
export function findUnsupportedClaim(text: string): ClaimFinding | undefined {
  return findUnsupportedClaims(text)[0];
}
