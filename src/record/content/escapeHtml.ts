/**
 * Escapes text for HTML element content and double-quoted attribute values. Its own module, free of
 * imports, so the browser's validator island can use it without pulling in the Markdown helpers.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
