/**
 * The deepest nesting of objects and arrays the core reads, whatever limit a caller asks for: the
 * canonicalizer, the codec and the rules walk a value by recursion, and this depth leaves them a
 * wide margin on any runtime's stack. A value nested deeper has no canonical form here
 * (`CanonicalizationError`), and the readers and validators report it as too deep; the top-level
 * container is depth 1, as the JSON reader counts.
 */
export const MAX_NESTING_DEPTH = 1_000;
