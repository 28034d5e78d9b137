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
 * The offerings UAIX does not provide, each a concept with one pattern per language over folded
 * text: its names (nouns: "hosted messaging"), the verbs that perform it with their objects ("hosts
 * your messaging", "syncs your agents automatically", "writes to your repository", "certifies",
 * "imports your data for you") and the usual synonyms of both ("relays messages", "keeps agents in
 * sync", "coordinates runtimes", "pushes to your repo", "accredits", "ingests your data"). A pattern
 * names the offering only: who performs it is the engine's subject rule, and whether it is denied its
 * negation rule, so a verb form matches in "the runtime hosts the messaging" and "UAIX does not host
 * messaging" too, where those rules pass it. Every match contains one of `OFFERING_STEMS`
 * (claimLexicon.test checks it on the corpus); Chinese patterns read characters (Chinese has no
 * spaces), so they use no `\b`. Words between a verb and its object or adverb are a listed few
 * (determiners and the usual objects), at most three, so each pattern stays linear and provably so.
 */
export const UNSUPPORTED_OFFERINGS: { offering: string; patterns: Record<ClaimLanguage, RegExp> }[] = [
  {
    offering: 'hosted messaging',
    patterns: {
      en: /\b(?:host|relay|broker)(?:ed|s|es|ing)? (?:(?:the|your|all|their|agent|agents'?|its) ){0,2}messag(?:ing|es)\b|\bmessag(?:ing|es) (?:(?:is|are) )?(?:hosted|relayed|brokered)\b|\bmessage hosting\b|\b(?:runs?|running|operates?|operating) (?:(?:a|the|your|their|its) )?messag(?:e|ing) (?:broker|relay|server|queue|bus|hub|service)s?\b/,
      es: /\bmensajeria (?:alojada|hospedada|albergada)\b|\bmensajes (?:alojados|hospedados|albergados)\b|\b(?:aloj|hosped|alberg|retransmit|transmit)(?:a|an|amos|e|en|imos)? (?:(?:la|las|los|tu|tus|su|sus|todos|todas) ){0,2}(?:mensajes|mensajeria)\b|\balojamiento de (?:los )?mensajes\b/,
      fr: /\bmessagerie hebergee\b|\bmessages heberges\b|\b(?:heberg|relai|achemin)(?:e|ent|eons|ons)? (?:(?:la|les|vos|votre|tous|leurs|leur|des) ){0,2}(?:messages|messagerie)\b|\bhebergement (?:des|de) (?:messages|la messagerie)\b/,
      zh: /(?:托管|转发|中继)(?:您的|你的|的)?消息|消息托管/,
    },
  },
  {
    offering: 'automatic sync',
    patterns: {
      en: /\bauto(?:matic(?:ally)?|-)? ?sync(?:s|ing|ed|hroni[sz](?:ation|es|ed|ing|e))?\b|\bsync(?:s|ed|ing|hroni[sz](?:es|ed|ing|e))? (?:(?:the|your|their|all|every|its|agent|agents|agents'|memory|memories|state|data|runtimes?|packets?|records?) ){0,3}automatically\b|\bkeep(?:s|ing)? (?:(?:the|your|their|all|every|its|agent|agents|agents'|memory|memories|state|data|runtimes?|packets?|records?) ){0,3}in sync\b|\bsync(?:s|ed|ing|hroni[sz](?:es|ed|ing))? (?:(?:the|your|their|all|every|agent|its) ){0,2}(?:agents?|memor(?:y|ies)|state|runtimes?)\b|\bautomatically (?:replicat|mirror)(?:es|e|s|ed|ing)\b|\b(?:replicat|mirror)(?:es|e|s|ed|ing) (?:(?:the|your|their|all|every|its|agent|agents|agents'|memory|memories|state|data|runtimes?|packets?|records?) ){0,3}automatically\b/,
      es: /\bsincronizacion(?:es)? automatica(?:s)?\b|\bsincroniza(?:n|mos|r)? (?:(?:el|la|los|las|tus|sus|todos|todas|agentes|memoria|memorias|estado|datos|runtimes) ){0,3}automaticamente\b|\bautomaticamente sincroniza|\bmantiene(?:n)? (?:(?:a|el|la|los|las|tus|sus|todos|todas|agentes|memoria|memorias|estado|datos|runtimes) ){0,3}sincronizad[oa]s?\b|\bsincroniza(?:n|mos)? (?:(?:el|la|los|las|tus|sus|todos|todas) ){1,2}(?:agentes|memorias?|estados?)\b/,
      fr: /\bsynchronisation automatique\b|\bsynchronise(?:nt|r)? (?:(?:le|la|les|vos|votre|leurs|tous|agents|memoire|memoires|etat|donnees|runtimes) ){0,3}automatiquement\b|\bautomatiquement synchronise|\bmaint(?:ient|iennent) (?:(?:le|la|les|vos|votre|leurs|tous|agents|memoire|memoires|etat|donnees|runtimes) ){0,3}synchronise(?:e|s|es)?\b|\bsynchronise(?:nt)? (?:(?:le|la|les|vos|votre|leurs|tous) ){1,2}(?:agents|memoires?|etats?)\b/,
      zh: /自动(?:地)?(?:同步|保持同步)|同步自动|保持同步/,
    },
  },
  {
    offering: 'runtime orchestration',
    patterns: {
      // "runtime orchestration" is the offering's name, so its "runtime" is no other actor.
      en: /\bruntime orchestrations?\b|\borchestrat(?:ion|es|ed|ing|e)\b|\b(?:coordinat|schedul|dispatch|execut|launch)(?:es|e|ed|ing) (?:(?:the|your|their|all|every|each|any|its) ){0,2}(?:agent )?(?:runtimes?|agents?|workflows?)\b|\bmanag(?:es|e|ed|ing) (?:(?:the|your|their|all|every|each|any|its) ){0,2}(?:agent )?runtimes?\b/,
      es: /\borquest(?:acion|a|an|amos|ar|ado|ados|ada|adas)\b|\b(?:coordin|gestion|ejecut)(?:a|an|amos|ar) (?:(?:el|la|los|las|tus|sus|todos|todas) ){0,2}(?:agentes|runtimes|entornos de ejecucion|flujos de trabajo)\b/,
      fr: /\borchestr(?:ation|e|ent|ons|ee|ees|es)\b|\b(?:coordonn|gere|gerent|execut|planifi)(?:e|ent)? (?:(?:le|la|les|vos|votre|leurs|tous) ){0,2}(?:agents|runtimes|environnements d'execution|flux de travail)\b/,
      zh: /运行时编排|编排(?!器)|(?:调度|协调|管理|执行|运行)(?:您的|你的|的)?(?:智能体|运行时)/,
    },
  },
  {
    offering: 'repository writes',
    patterns: {
      en: /\brepositor(?:y|ies) writ(?:es?|ing)\b|\b(?:writ(?:es?|ing|ten)|wrote|push(?:es|ed|ing)?|commit(?:s|ted|ting)?|modif(?:y|ies|ied|ying)|updat(?:es?|ed|ing)) (?:(?:to|into|in|on) )?(?:(?:your|the|their|a|any|each|its) )?(?:git |github |code |source )?repo(?:sitor(?:y|ies)|s)?\b/,
      es: /\bescrituras? (?:en|a) (?:(?:el|los|tu|tus|su|sus) )?repositorios?\b|\b(?:escrib(?:e|en|imos|ir)|modific(?:a|an|amos|ar)|actualiz(?:a|an|amos|ar)|commits?|hace commits?) (?:(?:en|a|sobre) )?(?:(?:el|los|tu|tus|su|sus) )?repositorios?\b/,
      fr: /\becritures? dans (?:(?:le|les|des|votre|vos|un) )?depots?\b|\b(?:ecri(?:t|vent|re)|modifi(?:e|ent|er)|pousse(?:nt|r)?|commite(?:nt|r)?|met(?:tent)? a jour) (?:(?:dans|vers|sur) )?(?:(?:le|les|des|votre|vos|un|leur|leurs) )?depots?\b/,
      zh: /(?:写入|提交到|推送到|修改|更新)(?:您的|你的|的)?(?:代码)?仓库|(?:代码)?仓库写入|向(?:您的|你的)?(?:代码)?仓库(?:写入|提交|推送)/,
    },
  },
  {
    offering: 'official adapters',
    patterns: {
      en: /\b(?:official|first-party|first party) (?:[a-z0-9]{1,40} )?(?:adapters?|connectors?)\b|\b(?:maintains?|ships?|publishes) (?:(?:an|the|its|their) )?(?:[a-z0-9-]{1,40} )?adapters?\b/,
      es: /\b(?:adaptador|conector)(?:es)? oficial(?:es)?\b|\b(?:mantiene|publica|distribuye)(?:n)? (?:(?:los|sus|unos) )?adaptadores\b/,
      fr: /\b(?:adaptateur|connecteur)s? officiels?\b|\b(?:maintient|publie|distribue)(?:nt)? (?:(?:les|des|ses) )?adaptateurs\b/,
      zh: /官方(?:的)?(?:适配器|连接器)/,
    },
  },
  {
    offering: 'certification',
    patterns: {
      en: /\bcertif(?:ications?|ies|y|ied|ying)\b|\baccredit(?:s|ed|ing|ations?)?\b/,
      es: /\bcertific(?:acion|aciones|a|an|amos|ar|ado|ados|ada|adas)\b|\bacredit(?:a|an|amos|ar|acion|aciones)\b|\bhomolog(?:a|an|ar|acion)\b/,
      fr: /\bcertifi(?:cations?|e|es|ee|ees|ent|er|ons)\b|\baccredit(?:e|ent|er|ation)\b|\bhomologu(?:e|ent|er)\b|\bhomologation\b/,
      // 身份认证 is authentication, which is no certification.
      zh: /(?<!身份)认证|颁发证书/,
    },
  },
  {
    offering: 'hosted import',
    patterns: {
      en: /\bhosted imports?\b|\bimports? (?:(?:is|are) )?hosted\b|\bimport hosting\b|\b(?:import|ingest|migrat)(?:s|es|e|ed|ing)? (?:(?:your|their|the|all|every|existing|its) ){1,2}(?:[a-z]{1,20} )?(?:data|packets?|records?|history|histories|files?|archives?|conversations?|memor(?:y|ies)|logs?)\b(?: for (?:you|them))?/,
      es: /\bimportacion(?:es)? alojadas?\b|\bimporta(?:n|mos|r)? (?:(?:tus|sus|los|las|todos|todas) ){1,2}(?:datos|paquetes|registros|archivos|historial|conversaciones)\b/,
      fr: /\bimportations? hebergees?\b|\bimports? heberges?\b|\bimporte(?:nt|r)? (?:(?:vos|les|des|tous|toutes|leurs) ){1,2}(?:donnees|paquets|enregistrements|fichiers|historiques?|conversations)\b/,
      zh: /托管(?:的)?导入|导入托管|(?:为您|为你|替您|替你|代为)导入|导入(?:您的|你的)(?:数据|记录|文件|历史)/,
    },
  },
];

/**
 * Stems of which every offering pattern's match holds one (matched without case, after
 * normalization): text without one claims nothing. The string screen reads the ASCII ones, so they
 * are kept short (a stem shared by several words: "ecut" for execute and ejecuta, "nect" for
 * connector, conector and connecteur), which keeps its automaton small.
 */
export const OFFERING_STEMS: readonly string[] = [
  'messag',
  'mensaj',
  'sync',
  'sincron',
  'automa',
  'orchestr',
  'orquest',
  'coord',
  'schedu',
  'dispat',
  'ecut',
  'launch',
  'runtim',
  'gestio',
  'gere',
  'planif',
  'repo',
  'depot',
  'dépot',
  'depôt',
  'dépôt',
  'adapt',
  'nect',
  'certif',
  'credit',
  'homol',
  'import',
  'ingest',
  'migrat',
  '消息',
  '同步',
  '编排',
  '调度',
  '协调',
  '管理',
  '执行',
  '运行',
  '仓库',
  '适配器',
  '连接器',
  '认证',
  '证书',
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
    '运行时 智能体 供应商 提供商 提供方 厂商 框架 编排器 第三方 服务器 客户端 它们 我们 你们 他们 每个 ' +
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
 * French `ne` (`n'`) is one too: it pairs with a concord word before it as well as after
 * ("aucun fournisseur ne peut affirmer", "rien ne montre"), so it never cancels one.
 */
export const CONCORD_NEGATORS = words(
  'nor neither ni nunca jamas ningun ninguna ninguno nada tampoco pas jamais aucun aucune rien ne n',
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
  implementer implementers server servers broker brokers relay relays client clients
  servidor servidores cliente clientes serveur serveurs
  orquestador orquestadores proveedor proveedores entorno entornos implementador
  implementadores environnement environnements orchestrateur orchestrateurs fournisseur fournisseurs
  运行时 供应商 提供商 提供方 厂商 框架 编排器 第三方 服务器 客户端`);

/**
 * Words that name the agent of a passive right before it: "hosted by UAIX", "alojada por UAIX",
 * "hébergée par UAIX". UAIX after an offering is its subject only after one of them ("the messages
 * that UAIX describes" is not).
 */
export const PASSIVE_AGENT_MARKERS = words('by por par');

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
