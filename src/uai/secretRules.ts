/**
 * The one rule set for secrets in UAI-1 text (redaction rules of seed 000: no private keys, API
 * credentials, session or write tokens in packets). Each rule is data: an id, a printable kind, the
 * literal keywords of which at least one must occur before the pattern runs, and the pattern.
 * The scanner (`secretScan.ts`), the validator's policy rules, the route-record URL rule and the
 * publication gate all read this table.
 *
 * Every pattern must stay linear in its input when run globally over a whole string:
 * - a pattern that starts with a repeated class starts only where a run of that class begins
 *   (a lookbehind), so no start position inside a run re-scans the run;
 * - two neighbouring quantified parts never share a character (a separator or disjoint classes),
 *   and every quantifier after the fixed prefix is bounded;
 * - the part that is the secret itself is the named group `secret` when the match has context
 *   around it (a header name, a URL scheme), so findings and masks cover the value only.
 *
 * Every rule reads the text as `normalizeRuleText` gives it (percent runs decoded, format
 * characters removed, NFKC, Latin look-alikes folded), so patterns are written for plain text.
 * `tests/unit/regexSafety.test.ts` runs each one through a ReDoS checker and `bench/rules.bench.ts`
 * times each on 1 MiB adversarial strings.
 */
export interface SecretRule {
  /** Stable id, e.g. 'aws-access-key-id'. */
  id: string;
  /** What was found, as a phrase for messages, e.g. 'an AWS access key id'. */
  kind: string;
  /**
   * Literal strings, one of which occurs in every text the rule matches (case-insensitive when the
   * pattern has the i flag). A keyword outside ASCII (a word of another script) makes the string
   * screen run the rule on every text that is not ASCII.
   */
  keywords: readonly string[];
  /**
   * Literal strings that every match also holds, each of them (optional): a second pre-test for
   * a rule whose keyword is common in packets ("://" is in every URL, "@" in few).
   */
  requires?: readonly string[];
  /** The match; without the g flag (the scanner adds it), so the table holds no lastIndex state. */
  pattern: RegExp;
  /**
   * The value is a label's free text (a password, a query parameter): one that reads as a word,
   * words joined by `-`, `_` or `.`, or a placeholder (`<password>`, `${TOKEN}`, `********`) is
   * no secret (`password: required`, `?key=release-notes`).
   */
  wordsAreNotSecrets?: boolean;
}

export const SECRET_RULES: readonly SecretRule[] = [
  // ---------------------------------------------------------------- private keys
  {
    id: 'pem-private-key',
    kind: 'a PEM private key',
    keywords: ['-----BEGIN '],
    // -{5}, not five dashes: the pattern's own source (in the browser bundle) must not read as a key block.
    // Any algorithm name (RSA, EC, ED25519, ENCRYPTED, …) or none; OpenSSH keys have their own rule.
    pattern: /-{5}BEGIN (?:(?!OPENSSH )[A-Z0-9]{2,16} )?PRIVATE KEY(?: BLOCK)?-{5}/,
  },
  {
    id: 'openssh-private-key',
    kind: 'an OpenSSH private key',
    keywords: ['-----BEGIN OPENSSH'],
    pattern: /-{5}BEGIN OPENSSH PRIVATE KEY-{5}/,
  },
  {
    id: 'hex-private-key',
    kind: 'a hex-encoded private key',
    keywords: ['priv', 'secret', 'signing', 'wallet', 'seed'],
    // 32 or 64 bytes of hex under a private-key label: `"private_key": "e3b0…"`, `privkey=0x…`.
    pattern:
      /\b(?:(?:private|priv|secret|signing|wallet)[ _.-]?key|seed)(?:[ _-]?hex)?["']?(?:[ \t]{0,8}[:=][ \t]{0,8}|[ \t]{1,8}(?:is[ \t]{1,8})?)["']?(?:0x)?(?<secret>[0-9a-fA-F]{64}(?:[0-9a-fA-F]{64})?)(?![0-9A-Za-z])/i,
  },
  {
    id: 'jwk-symmetric-key',
    kind: 'a JWK symmetric key',
    keywords: ['"oct"'],
    // The key value `k` of a JSON Web Key of type "oct" (RFC 7518 §6.4), in JSON text that names that type.
    pattern: /"k"[ \t]{0,8}:[ \t]{0,8}"(?<secret>[A-Za-z0-9_-]{16,8192}={0,2})"/,
  },
  // ---------------------------------------------------------------- cloud keys
  {
    id: 'aws-access-key-id',
    kind: 'an AWS access key id',
    // Every IAM unique-id prefix of a key (AKIA, ASIA…) or of a principal secretlint and gitleaks report
    // (AGPA group, AIDA user, AROA role, AIPA instance profile, ANPA/ANVA policies); the 16 characters are
    // base32 in real ids, and any upper-case letter or digit in secretlint's pattern.
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA'],
    pattern: /(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Z0-9])/,
  },
  {
    id: 'aws-secret-access-key',
    kind: 'an AWS secret access key',
    keywords: ['aws', 'secret'],
    // `aws_secret_access_key = …`, `SecretAccessKey: …` (CloudFormation, SDK JSON), `"AWS_SECRET_KEY" => "…"` (Ruby).
    pattern:
      /\b(?:aws_?(?:secret_?access_?key|secret_?key)|secret_?access_?key)["']?[ \t]{0,8}(?:[:=]|=>)[ \t]{0,8}["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/i,
  },
  {
    id: 'gcp-api-key',
    kind: 'a Google Cloud API key',
    keywords: ['AIza'],
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/,
  },
  {
    id: 'azure-connection-string-key',
    kind: 'an Azure storage or service key in a connection string',
    keywords: ['accountkey=', 'sharedaccesskey='],
    pattern: /\b(?:AccountKey|SharedAccessKey)=(?<secret>[A-Za-z0-9+/]{20,200}={0,2})/i,
  },
  // ---------------------------------------------------------------- source hosts and package registries
  {
    id: 'github-token',
    kind: 'a GitHub token',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,255}/,
  },
  {
    id: 'github-fine-grained-token',
    kind: 'a GitHub fine-grained token',
    keywords: ['github_pat_'],
    pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{22,255}/,
  },
  {
    id: 'gitlab-token',
    kind: 'a GitLab token',
    // Personal, pipeline-trigger, deploy, runner, feed, incoming-mail, agent, SCIM, CI job, feature-flag
    // and OAuth-application tokens (GitLab's documented prefixes), and runner registration tokens.
    keywords: [
      'glpat-',
      'glptt-',
      'gldt-',
      'glrt-',
      'glft-',
      'glimt-',
      'glagent-',
      'glsoat-',
      'glcbt-',
      'glffct-',
      'gloas-',
      'GR13',
    ],
    pattern: /(?<![A-Za-z0-9_-])(?:gl(?:pat|ptt|dt|rt|ft|imt|agent|soat|cbt|ffct|oas)-|GR1348941)[A-Za-z0-9_-]{20,255}/,
  },
  {
    id: 'huggingface-token',
    kind: 'a Hugging Face token',
    keywords: ['hf_'],
    pattern: /(?<![A-Za-z0-9_])hf_[A-Za-z]{34}(?![A-Za-z0-9])/,
  },
  {
    id: 'doppler-token',
    kind: 'a Doppler token',
    keywords: ['dp.'],
    pattern:
      /(?<![A-Za-z0-9_.])dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,64}(?![A-Za-z0-9])/,
  },
  {
    id: 'databricks-token',
    kind: 'a Databricks token',
    keywords: ['dapi'],
    pattern: /(?<![A-Za-z0-9_])dapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])/,
  },
  {
    id: 'digitalocean-token',
    kind: 'a DigitalOcean token',
    keywords: ['_v1_'],
    pattern: /(?<![A-Za-z0-9_])do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/,
  },
  {
    id: 'postman-api-key',
    kind: 'a Postman API key',
    keywords: ['PMAK-'],
    pattern: /(?<![A-Za-z0-9_-])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/,
  },
  {
    id: 'vault-token',
    kind: 'a HashiCorp Vault token',
    keywords: ['hv'],
    pattern: /(?<![A-Za-z0-9_.-])hv[sb]\.[A-Za-z0-9_-]{90,300}/,
  },
  {
    id: 'terraform-cloud-token',
    kind: 'a Terraform Cloud token',
    keywords: ['atlasv'],
    pattern: /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}/,
  },
  {
    id: 'pulumi-token',
    kind: 'a Pulumi access token',
    keywords: ['pul-'],
    pattern: /(?<![A-Za-z0-9_-])pul-[a-f0-9]{40}(?![A-Za-z0-9])/,
  },
  {
    id: 'heroku-api-key',
    kind: 'a Heroku API key',
    keywords: ['HRKU-'],
    pattern: /(?<![A-Za-z0-9_-])HRKU-[A-Za-z0-9_-]{60}(?![A-Za-z0-9_-])/,
  },
  {
    id: 'atlassian-api-token',
    kind: 'an Atlassian API token',
    keywords: ['ATATT3'],
    pattern: /(?<![A-Za-z0-9_-])ATATT3[A-Za-z0-9_=-]{180,200}/,
  },
  {
    id: 'planetscale-token',
    kind: 'a PlanetScale token or password',
    keywords: ['pscale_'],
    pattern: /(?<![A-Za-z0-9_])pscale_(?:tkn|pw|oauth)_[A-Za-z0-9=._-]{32,64}/,
  },
  // ---------------------------------------------------------------- monitoring and secrets platforms
  {
    id: 'grafana-token',
    kind: 'a Grafana token',
    keywords: ['glc_', 'glsa_'],
    pattern: /(?<![A-Za-z0-9_])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Za-z0-9]))/,
  },
  {
    id: 'new-relic-api-key',
    kind: 'a New Relic API key',
    keywords: ['NRAK-'],
    pattern: /(?<![A-Za-z0-9_-])NRAK-[A-Z0-9]{27}(?![A-Za-z0-9])/,
  },
  {
    id: 'sentry-token',
    kind: 'a Sentry token',
    keywords: ['sntry'],
    pattern: /(?<![A-Za-z0-9_])(?:sntrys_eyJ[A-Za-z0-9+/=_-]{60,1000}|sntryu_[a-f0-9]{64}(?![A-Za-z0-9]))/,
  },
  {
    id: 'dynatrace-token',
    kind: 'a Dynatrace API token',
    keywords: ['dt0c'],
    pattern: /(?<![A-Za-z0-9_])dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}(?![A-Za-z0-9])/,
  },
  {
    id: 'age-secret-key',
    kind: 'an age secret key',
    keywords: ['SECRET-KEY-1'],
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/,
  },
  {
    id: 'npm-token',
    kind: 'an npm token',
    keywords: ['npm_'],
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/,
  },
  {
    id: 'pypi-token',
    kind: 'a PyPI token',
    keywords: ['pypi-AgE'],
    pattern: /(?<![A-Za-z0-9_-])pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}/,
  },
  {
    id: 'shopify-token',
    kind: 'a Shopify access token',
    keywords: ['shppa_', 'shpca_', 'shpat_', 'shpss_'],
    pattern: /(?<![A-Za-z0-9_])shp(?:pa|ca|at|ss)_[A-Za-z0-9]{32,64}(?![A-Za-z0-9])/,
  },
  {
    id: 'linear-api-key',
    kind: 'a Linear API key',
    keywords: ['lin_api_'],
    pattern: /(?<![A-Za-z0-9_])lin_api_[A-Za-z0-9_]{32,128}/,
  },
  {
    id: 'onepassword-service-account-token',
    kind: 'a 1Password service account token',
    keywords: ['ops_eyJ'],
    pattern: /(?<![A-Za-z0-9_])ops_eyJ[A-Za-z0-9+/]{97,1277}={0,2}/,
  },
  {
    id: 'alibaba-access-key-id',
    kind: 'an Alibaba Cloud access key id',
    keywords: ['LTAI'],
    pattern: /(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{20}(?![A-Za-z0-9])/,
  },
  {
    id: 'azure-ad-client-secret',
    kind: 'an Azure AD client secret',
    keywords: ['Q~'],
    // Entra ID application secrets: three characters, a digit, "Q~", then 31 to 34 more.
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/,
  },
  // ---------------------------------------------------------------- chat
  {
    id: 'slack-webhook',
    kind: 'a Slack webhook URL',
    keywords: ['hooks.slack.com/'],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9_/+-]{20,200})/i,
  },
  {
    id: 'discord-webhook',
    kind: 'a Discord webhook URL',
    keywords: ['/api/webhooks/'],
    pattern: /\bdiscord(?:app)?\.com\/api\/webhooks\/(?<secret>[0-9]{5,30}\/[A-Za-z0-9_-]{20,100})/i,
  },
  {
    id: 'slack-token',
    kind: 'a Slack token',
    keywords: ['xox', 'xapp-'],
    pattern: /(?<![A-Za-z0-9_-])(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,250}/,
  },
  {
    id: 'telegram-bot-token',
    kind: 'a Telegram bot token',
    keywords: [':AA'],
    // The bot id, a colon, then the secret, which starts "AA".
    pattern: /(?<![0-9])[0-9]{5,16}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/,
  },
  // ---------------------------------------------------------------- payment, mail and AI providers
  {
    id: 'twilio-api-key',
    kind: 'a Twilio API key',
    keywords: ['SK'],
    pattern: /(?<![A-Za-z0-9_])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/,
  },
  {
    id: 'mailgun-api-key',
    kind: 'a Mailgun API key',
    keywords: ['key-'],
    pattern: /(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![A-Za-z0-9])/,
  },
  {
    id: 'brevo-api-key',
    kind: 'a Brevo (Sendinblue) API key',
    keywords: ['sib-'],
    pattern: /(?<![A-Za-z0-9_-])x(?:key|smtp)sib-[a-f0-9]{64}-[A-Za-z0-9]{16}(?![A-Za-z0-9])/,
  },
  {
    id: 'square-token',
    kind: 'a Square access token or secret',
    keywords: ['sq0'],
    pattern: /(?<![A-Za-z0-9_-])sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60}/,
  },
  {
    id: 'stripe-secret-key',
    kind: 'a Stripe secret key',
    keywords: ['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_'],
    pattern: /(?<![A-Za-z0-9_])[rs]k_(?:live|test)_[A-Za-z0-9]{16,247}/,
  },
  {
    id: 'sendgrid-api-key',
    kind: 'a SendGrid API key',
    keywords: ['SG.'],
    pattern: /(?<![A-Za-z0-9_])SG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,128}/,
  },
  {
    id: 'anthropic-api-key',
    kind: 'an Anthropic API key',
    keywords: ['sk-ant-'],
    pattern: /(?<![A-Za-z0-9_-])sk-ant-[a-z]{3,8}[0-9]{2}-[A-Za-z0-9_-]{40,200}/,
  },
  {
    id: 'groq-api-key',
    kind: 'a Groq API key',
    keywords: ['gsk_'],
    pattern: /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/,
  },
  {
    id: 'perplexity-api-key',
    kind: 'a Perplexity API key',
    keywords: ['pplx-'],
    pattern: /(?<![A-Za-z0-9_-])pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9])/,
  },
  {
    id: 'replicate-api-token',
    kind: 'a Replicate API token',
    keywords: ['r8_'],
    pattern: /(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])/,
  },
  {
    id: 'openai-api-key',
    kind: 'an OpenAI API key',
    keywords: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'T3BlbkFJ'],
    // Project, service and admin keys; and the legacy form, whose middle is "T3BlbkFJ" ("OpenAI" in base64).
    pattern:
      /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,250}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}(?![A-Za-z0-9]))/,
  },
  // ---------------------------------------------------------------- tokens
  {
    id: 'jwt',
    kind: 'a JWT',
    keywords: ['eyJ'],
    // Header and payload are base64url JSON objects ("{" encodes as "eyJ"); the dots separate the runs.
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,2000}\.eyJ[A-Za-z0-9_-]{5,20000}\.[A-Za-z0-9_-]{5,2000}/,
  },
  {
    id: 'authorization-header',
    kind: 'an Authorization header credential',
    keywords: ['authorization'],
    pattern:
      /\bAuthorization["']?[ \t]{0,8}:[ \t]{0,8}["']?(?:Basic|Bearer)[ \t]{1,8}(?<secret>[A-Za-z0-9._~+/-]{8,4096}={0,2})/i,
  },
  {
    id: 'bearer-token',
    kind: 'a bearer token',
    keywords: ['bearer'],
    pattern: /\bBearer[ \t]{1,8}(?<secret>[A-Za-z0-9._~+/-]{16,4096}={0,2})/i,
    wordsAreNotSecrets: true,
  },
  {
    id: 'session-cookie',
    kind: 'a session cookie',
    keywords: ['cookie', 'sessid', 'connect.sid', 'sessionid', '_session'],
    // Any value in a Cookie or Set-Cookie header (its first cookie or a later one), and the session
    // cookies of common frameworks wherever they are set.
    pattern:
      /(?:\b(?:Set-)?Cookie["']?[ \t]{0,8}:[ \t]{0,8}["']?(?:[^\s=;"']{1,64}=[^\s;"']{0,256};[ \t]{0,8}){0,16}[^\s=;"']{1,64}|(?<![A-Za-z0-9_.-])(?:PHPSESSID|JSESSIONID|ASP\.NET_SessionId|connect\.sid|laravel_session|ci_session|_[a-z]{1,32}_session))=(?<secret>[^\s;"',]{8,4096})/i,
    wordsAreNotSecrets: true,
  },
  // ---------------------------------------------------------------- URLs and assignments
  {
    id: 'url-credentials',
    kind: 'a credential in a URL',
    keywords: ['://'],
    requires: ['@'],
    // Anchored on "://" after a scheme character: the engine jumps from one "://" to the next
    // instead of trying every letter of a long run as the start of a scheme.
    pattern: /(?<=[a-z0-9+.-]):\/\/(?<secret>[^\s/?#@:]{1,256}:[^\s/?#@]{1,256})@/i,
  },
  {
    id: 'url-query-token',
    kind: 'a token in a URL query',
    keywords: ['='],
    pattern:
      /[?&#;](?:access_token|refresh_token|id_token|token|api_key|apikey|key|client_secret|secret|password|session|sessionid|sid|auth|signature|sig|code|x-amz-signature|x-goog-signature)=(?<secret>[^&#\s]{6,2048})/i,
    wordsAreNotSecrets: true,
  },
  {
    id: 'credential-assignment',
    kind: 'a password or API key assignment',
    keywords: ['key', 'token', 'secret', 'pass', 'pwd', 'session'],
    pattern:
      /(?:\b|_)(?:api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|session[_-]?(?:id|token|key)|client[_-]?secret|secret|password|passwd|passphrase|pwd)["']?[ \t]{0,8}[:=][ \t]{0,8}["']?(?<secret>[^\s"',;]{6,512})/i,
    wordsAreNotSecrets: true,
  },
  {
    id: 'password-in-prose',
    kind: 'a password in prose',
    keywords: ['pass', 'kennwort', 'contrase', 'senha', '密码', '口令'],
    // "the admin password is …", "mot de passe : …", "contraseña: …", "Passwort für root ist …",
    // "密码是…": the word for password in the record's languages, an optional "for <one word>",
    // then a verb or a colon, then the value.
    pattern:
      /(?:\b(?:pass(?:word|wd|phrase|wort)|kennwort|senha|contrase(?:ñ|n)a|mot\s{1,4}de\s{1,4}passe)(?:\s{1,8}(?:for|of|de|du|del|für|pour|para|do|da)\s{1,8}[^\s:=：]{1,40})?|密码|口令)(?:[ \t]{0,8}[:=：]|\s{1,8}(?:is|was|est|es|era|ist|war|é)(?:[ \t]{0,8}:)?|[ \t]{0,4}(?:是|为|為))\s{0,8}["'`“«]?[ \t]{0,4}(?<secret>[^\s"'`”»,;，；]{5,255}[^\s"'`”»,;，；.!?:)\]。！？：）])/i,
    wordsAreNotSecrets: true,
  },
];

/**
 * The high-entropy heuristic: a run of token characters that mixes upper case, lower case and
 * digits, with high entropy and frequent class changes. It reads whole strings: candidates are
 * disjoint runs and each is measured in one pass, so its cost is linear in the text.
 */
export const HIGH_ENTROPY_RULE = {
  id: 'high-entropy-token',
  kind: 'a high-entropy token',
  /** A candidate: a whole run of token characters (a lookbehind keeps starts at run starts). */
  candidate: /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{24,}/,
  minLength: 24,
  minEntropyBits: 4.2,
  minClassChangeRate: 0.4,
} as const;
