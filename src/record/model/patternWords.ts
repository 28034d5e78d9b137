/**
 * A field's pattern said in words, for the field tables: each pattern the packet schemas use is
 * read by one rule here (an allow-list), which names the interface string that says it in every
 * locale and the values it fills in. A pattern no rule reads has no words (the unit test over the
 * schemas fails on it), and the table shows the pattern itself.
 */
export interface PatternWords {
  /** The interface string (content/i18n) that says the pattern, with `{name}` slots. */
  key: string;
  values: Record<string, string>;
}

/** Patterns said as a whole, each by its own string. */
const WHOLE: Record<string, string> = {
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$': 'rule.utc_time',
  '^sha256:[0-9a-f]{64}$': 'rule.sha256',
  '^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$': 'rule.traceparent',
  '^[a-z]+/[a-z0-9.+-]+$': 'rule.media_type',
  '^[a-z][a-z0-9-]*$': 'rule.lower_name',
  '^uai\\.agent\\.[a-z][a-z0-9-]*\\.v[1-9][0-9]*$': 'rule.profile_name',
  '^(/([^~/]|~[01])*)+$': 'rule.json_pointer',
};

/** An identifier: a lower-case prefix ending in `_`, then a lower-case letter or digit, then more. */
const PREFIXED_ID = /^\^([a-z]+_)\[a-z0-9\]\[a-z0-9\._-\]\*\$$/;

/**
 * The non-blank rule: one character outside a class of spaces, controls and invisible characters,
 * unanchored (somewhere in the string). The class is read as ranges and single `\uXXXX` escapes only.
 */
const NON_BLANK = /^\[\^\\u0000-\\u0020(?:\\u[0-9A-F]{4}(?:-\\u[0-9A-F]{4})?)*\]$/;

export function patternWords(pattern: string): PatternWords | undefined {
  const whole = WHOLE[pattern];
  if (whole) return { key: whole, values: {} };
  const prefixed = PREFIXED_ID.exec(pattern);
  if (prefixed) return { key: 'rule.prefixed_id', values: { prefix: prefixed[1] } };
  if (NON_BLANK.test(pattern)) return { key: 'rule.non_blank', values: {} };
  return undefined;
}
