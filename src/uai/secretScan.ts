/**
 * Finds secret or token-like strings: private key blocks, well-known API key formats, bearer,
 * JWT and session tokens, credentials in URLs, and long high-entropy strings. Used by the
 * memory-proposal rule and by the route-record rule for public URLs. Never returns the secret.
 */
export interface SecretFinding {
  /** What the string looks like, e.g. "a JWT". Safe to print. */
  kind: string;
}

const PATTERNS: { kind: string; pattern: RegExp }[] = [
  { kind: 'a private key block', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { kind: 'an AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'a GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/ },
  { kind: 'a Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { kind: 'a Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { kind: 'an API secret key', pattern: /\b(?:sk|rk|pk)[-_](?:live|test|proj)?[-_]?[A-Za-z0-9_-]{20,}/ },
  { kind: 'a bearer token', pattern: /\bBearer\s+[A-Za-z0-9._~+/-]{12,}=*/i },
  { kind: 'a JWT', pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/ },
  {
    kind: 'a credential assignment',
    pattern: /\b(?:api[_-]?key|access[_-]?token|auth[_-]?token|session[_-]?(?:id|token)|secret|password|passwd|client[_-]?secret|private[_-]?key)\b\s*["']?\s*[:=]\s*["']?[^\s"',;]{6,}/i,
  },
  { kind: 'a credential in a URL', pattern: /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i },
  {
    kind: 'a token in a URL query',
    pattern: /[?&#](?:access_token|token|api_key|apikey|key|secret|password|session|sessionid|sid|auth|signature|sig|code)=[^&#\s]{6,}/i,
  },
];

const TOKEN_CANDIDATE = /[A-Za-z0-9+/_=-]{24,}/g;

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/**
 * How often the character class (upper, lower, digit, other) changes from one character to the
 * next. Random tokens change class at most positions; CamelCase words ("SwarmFailureAndRecovery")
 * change only at word boundaries.
 */
export function classChangeRate(text: string): number {
  const classOf = (char: string) => (char >= 'A' && char <= 'Z' ? 0 : char >= 'a' && char <= 'z' ? 1 : char >= '0' && char <= '9' ? 2 : 3);
  let changes = 0;
  for (let index = 1; index < text.length; index++) if (classOf(text[index]) !== classOf(text[index - 1])) changes++;
  return text.length > 1 ? changes / (text.length - 1) : 0;
}

/**
 * A random-looking token: long, mixing upper case, lower case and digits, with high entropy and
 * frequent class changes. UAI-1 identifiers (lower case), hex digests (one case) and CamelCase
 * names do not qualify.
 */
function isHighEntropyToken(candidate: string): boolean {
  const token = candidate.replace(/=+$/, '');
  if (token.length < 24) return false;
  if (!/[A-Z]/.test(token) || !/[a-z]/.test(token) || !/[0-9]/.test(token)) return false;
  return shannonEntropy(token) >= 4.2 && classChangeRate(token) >= 0.4;
}

export function findSecret(text: string): SecretFinding | undefined {
  for (const { kind, pattern } of PATTERNS) if (pattern.test(text)) return { kind };
  for (const match of text.matchAll(TOKEN_CANDIDATE)) {
    if (isHighEntropyToken(match[0])) return { kind: 'a high-entropy token' };
  }
  return undefined;
}
