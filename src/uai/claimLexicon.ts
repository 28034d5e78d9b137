/**
 * What the support-claim detector (`supportClaims.ts`) knows, as data: UAIX's names and addresses,
 * the offerings UAIX does not provide in each language the record publishes, and the small
 * word classes that tell who does what (negators, actors, pronouns, clause words). Patterns and
 * words read the folded text of `foldForMatching`: lower case, no accents, straight apostrophes,
 * single spaces. The engine decides; this module only lists.
 */
export type ClaimLanguage = 'en' | 'es' | 'fr' | 'zh';

export const CLAIM_LANGUAGES: readonly ClaimLanguage[] = ['en', 'es', 'fr', 'zh'];

/** UAIX's names, as folded text. A name counts as a word of its own, never inside an identifier. */
export const UAIX_NAMES = {
  /** The short name: `agt_uaix.publisher` and `UAIX-DOC-3382` hold it but do not name UAIX. */
  short: 'uaix',
  /** Hosts that name UAIX, alone or in a URL (`https://uaix.org` as a subject is UAIX speaking). */
  hosts: ['uaix.org', 'www.uaix.org'],
  /** The full name and its renderings in the record's languages (words separated by one space once folded). */
  fullNames: [
    'universal artificial intelligence exchange',
    'intercambio universal de inteligencia artificial',
    "echange universel d'intelligence artificielle",
    '通用人工智能交换',
  ],
} as const;

/**
 * The offerings UAIX does not provide, with one pattern per language over folded text. Every
 * match contains one of `OFFERING_STEMS` (claimLexicon.test checks it on the corpus); Chinese
 * patterns read characters (Chinese has no spaces), so they use no `\b`.
 */
export const UNSUPPORTED_OFFERINGS: { offering: string; patterns: Record<ClaimLanguage, RegExp> }[] = [
  {
    offering: 'hosted messaging',
    patterns: {
      en: /\bhost(?:ed|s|ing)? (?:(?:the|your|all|their|agent) )?messag(?:ing|es)\b|\bmessag(?:ing|es) (?:(?:is|are) )?hosted\b|\bmessage hosting\b/,
      es: /\bmensajeria alojada\b|\bmensajes alojados\b|\baloja(?:n|mos)? (?:(?:los|tus|sus) )?mensajes\b|\balojamiento de (?:los )?mensajes\b/,
      fr: /\bmessagerie hebergee\b|\bmessages heberges\b|\bheberge(?:nt|ons)? (?:(?:les|vos|tous les) )?messages\b|\bhebergement (?:des|de) messages\b/,
      zh: /托管(?:的)?消息|消息托管/,
    },
  },
  {
    offering: 'automatic sync',
    patterns: {
      en: /\bauto(?:matic(?:ally)?|-)? ?sync(?:s|ing|ed|hroni[sz](?:ation|es|ed|ing))?\b|\bsync(?:s|hroni[sz]es)? automatically\b/,
      es: /\bsincronizacion(?:es)? automatica(?:s)?\b|\bsincroniza(?:n|mos)? automaticamente\b|\bautomaticamente sincroniza/,
      fr: /\bsynchronisation automatique\b|\bsynchronise(?:nt)? automatiquement\b|\bautomatiquement synchronise/,
      zh: /自动(?:地)?同步|同步自动/,
    },
  },
  {
    offering: 'runtime orchestration',
    patterns: {
      // "runtime orchestration" is the offering's name, so its "runtime" is no other actor.
      en: /\bruntime orchestrations?\b|\borchestrat(?:ion|es|ing|e)\b/,
      es: /\borquest(?:acion|a|an|amos|ar)\b/,
      fr: /\borchestr(?:ation|e|ent|ons)\b/,
      zh: /运行时编排|编排(?!器)/,
    },
  },
  {
    offering: 'repository writes',
    patterns: {
      en: /\brepositor(?:y|ies) writ(?:es?|ing)\b|\bwrit(?:es?|ing) (?:to )?(?:(?:your|the|their) )?repositor(?:y|ies)\b|\bcommits? to (?:your )?repositor/,
      es: /\bescrituras? (?:en|a) (?:(?:el|los|tu|tus|su|sus) )?repositorios?\b|\bescrib(?:e|en|imos|ir) (?:en|a) (?:(?:el|los|tu|tus|su|sus) )?repositorios?\b/,
      fr: /\becritures? dans (?:(?:le|les|des|votre|vos|un) )?depots?\b|\becri(?:t|vent|re) dans (?:(?:le|les|des|votre|vos|un) )?depots?\b/,
      zh: /写入(?:代码)?仓库|(?:代码)?仓库写入/,
    },
  },
  {
    offering: 'official adapters',
    patterns: {
      en: /\bofficial (?:[a-z0-9]{1,40} )?adapters?\b/,
      es: /\badaptador(?:es)? oficial(?:es)?\b/,
      fr: /\badaptateurs? officiels?\b/,
      zh: /官方(?:的)?适配器/,
    },
  },
  {
    offering: 'certification',
    patterns: {
      en: /\bcertif(?:ications?|ies|y|ied)\b/,
      es: /\bcertific(?:acion|aciones|a|an|amos|ar|ado|ados|ada|adas)\b/,
      fr: /\bcertifi(?:cations?|e|es|ee|ees|ent|er|ons)\b/,
      // 身份认证 is authentication, which is no certification.
      zh: /(?<!身份)认证/,
    },
  },
  {
    offering: 'hosted import',
    patterns: {
      en: /\bhosted imports?\b|\bimports? (?:(?:is|are) )?hosted\b|\bimport hosting\b/,
      es: /\bimportacion(?:es)? alojadas?\b/,
      fr: /\bimportations? hebergees?\b|\bimports? heberges?\b/,
      zh: /托管(?:的)?导入|导入托管/,
    },
  },
];

/**
 * Stems of which every offering pattern's match holds one (matched without case, after
 * normalization): text without one claims nothing. The string screen reads the ASCII ones.
 */
export const OFFERING_STEMS: readonly string[] = [
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
  '消息',
  '同步',
  '编排',
  '仓库',
  '适配器',
  '认证',
  '导入',
];

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

/**
 * Chinese words the tokenizer keeps whole (the longest that matches wins; any other Han character is
 * a token of its own): the negators, actors and verbs below, and words whose characters would
 * otherwise read as a negator (非常 "very", 未来 "future", 不过 "but").
 */
export const CHINESE_WORDS = words(
  '没有 不会 并不 不是 从不 从未 绝不 不能 无法 不过 但是 然而 非常 无论 不仅 不但 不管 未来 不久 并且 而且 ' +
    '运行时 智能体 供应商 提供商 提供方 厂商 框架 编排器 第三方 它们 我们 你们 他们 每个 ' +
    '提供 支持 负责 包括 包含 实现 执行 进行 记录 托管 拥有 具备',
);

/** Negators that each negate (two of them cancel: "never fails to", "not without", "并不是不"). */
export const NEGATORS = words(`
  no not never without cannot can't doesn't don't isn't aren't won't wasn't weren't didn't hasn't haven't
  none nothing unsupported falsely unable
  sin
  ne n sans non nullement
  不 没有 没 不会 并不 不是 从不 从未 绝不 不能 无法 无 未 非 别`);

/**
 * Verbs that negate what follows them ("fails to orchestrate", "lacks certification") but not what
 * comes before ("claims of hosted import fail validation").
 */
export const NEGATIVE_VERBS = words(`
  fail fails failed failing lack lacks lacking refuses refuse
  carece carecen falla fallan
  manque manquent echoue echouent`);

/**
 * Negated auxiliaries that, right after an offering, negate it ("hosted messaging isn't offered",
 * "托管消息不由 UAIX 提供"); a bare negator there must come with a copula ("is not", "n'est", "no es").
 */
export const NEGATED_AUXILIARIES = words(
  "isn't aren't wasn't weren't won't doesn't don't didn't cannot can't 不 不是 不会 并不 没有 未 从未 从不 绝不 非",
);

/**
 * Words that continue a negation already made in the clause (negative concord: "ne … pas",
 * "no … ningún", "neither … nor") and negate on their own only where no negator came before.
 */
export const CONCORD_NEGATORS = words(
  'nor neither ni nunca jamas ningun ninguna ninguno nada tampoco pas jamais aucun aucune rien',
);

/** Auxiliaries after which a negation still governs the offering before them: "is not offered". */
export const COPULAS = words('is are was were will does do has have es son esta estan fue est sont etait a ont 是');

/** Conjunctions that always start a new clause. */
export const CONTRASTS = words(
  'but however whereas while although though yet pero sino aunque mientras mais cependant tandis pourtant ' +
    '但 但是 而 然而 不过',
);
/** Conjunctions that start a new clause when a subject or a verb follows. */
export const COORDINATORS = words('and or y e o u et ou 和 与 及 或 并且 而且');

/**
 * Pronouns that stand for the last clause subject before them ("UAIX is simple. It hosts your
 * messages."); the plural ones for the last one named, subject or not ("UAIX records what runtimes
 * do. They orchestrate." is about the runtimes).
 */
export const REFERRING_PRONOUNS = words('it il elle ella 它 其');
export const PLURAL_PRONOUNS = words('they ils elles ellas ellos 它们');
/** Pronouns for someone other than UAIX. */
export const OTHER_PRONOUNS = words('we he she you nosotros usted ustedes yo nous vous je 我 我们 你 你们 他 她 他们');

/** Verbs that may start a clause whose subject is the last one named (Spanish and Chinese drop it). */
export const VERBS = words(`
  provides offers hosts ships includes runs performs supports orchestrates syncs certifies writes handles manages
  gives delivers enables is are has needs requires records executes keeps stores sends makes becomes will can may
  maintains publishes commits
  ofrece proporciona incluye aloja sincroniza orquesta certifica escribe gestiona maneja ejecuta registra es son
  tiene hace permite requiere necesita puede mantiene publica
  fournit offre propose inclut heberge synchronise orchestre certifie ecrit gere execute enregistre est sont fait
  permet peut requiert necessite exige maintient publie
  提供 支持 负责 包括 包含 实现 执行 进行 记录 拥有 具备 是`);

/** Others that do what UAIX does not: an offering after one of them is theirs. */
export const ACTORS = words(`
  runtime runtimes orchestrator orchestrators vendor vendors framework frameworks provider providers
  implementer implementers orquestador orquestadores proveedor proveedores entorno entornos implementador
  implementadores environnement environnements orchestrateur orchestrateurs fournisseur fournisseurs
  运行时 供应商 提供商 提供方 厂商 框架 编排器 第三方`);

/** Words before an actor that make it a beneficiary or object, not the one who acts: "for the runtime". */
export const BENEFICIARY_MARKERS = words('to for with provides offers gives para a al pour au aux 为 给 向 对');
export const DETERMINERS = words(
  'the a an your their its every each el la los las tu tus su sus un una le les votre vos leur leurs 该 这个 那个 每个',
);

/** Words that tell the languages apart when patterns of two languages match the same offering. */
export const STOPWORDS: Record<ClaimLanguage, Set<string>> = {
  en: words('the and is are of to for with does not your its it this that provides offers hosts certifies writes'),
  es: words(
    'el la los las de del y que es son para con no su sus una por ofrece proporciona aloja certifica escribe ' +
      'mantiene incluye',
  ),
  fr: words(
    'le la les des de du et est sont pour avec ne pas une sur par fournit offre heberge certifie ecrit propose ' +
      'maintient',
  ),
  zh: words('的 是 和 不 提供 支持'),
};
