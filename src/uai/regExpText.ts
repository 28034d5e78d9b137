/** Text inside a regular expression. */

/**
 * `text` as a regular expression source that matches exactly it: every character that is syntax in
 * a pattern, outside a character class, is escaped (valid with and without the `u` flag). `/` is not
 * one: it needs an escape only in a regular expression literal, never in `new RegExp`.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
