/**
 * Inline Markdown for short strings from frontmatter and data files (`code`, **strong**,
 * [links](/path/)), escaped first so no HTML passes through.
 */
import { escapeHtml } from './escapeHtml.ts';

export function inlineMarkdown(text: string): string {
  const parts = escapeHtml(text).split(/(`[^`]+`)/g);
  return parts
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return `<code>${part.slice(1, -1)}</code>`;
      return (
        part
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
          // Neither the link text nor the URL holds a bracket, so the scan from one "[" ends at the
          // next: linear time.
          .replace(/\[([^[\]]+)\]\(((?:\/|https:\/\/)[^()[\]\s]*)\)/g, '<a href="$2">$1</a>')
      );
    })
    .join('');
}

/** Fills `{name}` placeholders: the core's, which fills the validator's messages too. */
export { fillTemplate } from '../../uai/issueText.ts';

/**
 * A template as HTML: its own words as inline Markdown, each `{name}` replaced by `valueHtml(name)`,
 * HTML the caller made (escaped, or marked up), so no value ever becomes Markdown.
 */
export function templateHtml(template: string, valueHtml: (name: string) => string): string {
  return template
    .split(/(\{\w+\})/)
    .map((part, index) => (index % 2 ? valueHtml(part.slice(1, -1)) : inlineMarkdown(part)))
    .join('');
}

/**
 * A label (the UI string `label.value` filled: "Profile:", "Profil :", "配置文件：") as it stands
 * before its value: a space follows, except after a full-width mark (U+3000–U+303F, U+FF00–U+FFEF),
 * whose glyph carries its own space, as Chinese writes "配置文件：uai.agent.ack.v1".
 */
export function labelPrefix(label: string): string {
  return /[\u3000-\u303f\uff00-\uffef]$/.test(label) ? label : `${label} `;
}
