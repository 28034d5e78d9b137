/**
 * Progressive enhancement of a record page: a copy button on every code block and a
 * light/dark/system theme control. Both are built here, so without JavaScript they are absent
 * and the page is complete. Labels come from data attributes on <body> (the page's language).
 */

/** localStorage key of the theme choice; themeInit.js reads the same key before the page is drawn. */
export const THEME_KEY = 'uaix-theme';
const THEMES = ['system', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

function savedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function applyTheme(theme: Theme): void {
  if (theme === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', theme);
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

function addThemeControl(labels: DOMStringMap, header: Element): void {
  const label = document.createElement('label');
  label.className = 'theme-control';
  // The select carries its own name, so the visible label text can give way on narrow screens.
  const text = document.createElement('span');
  text.className = 'label-text';
  text.setAttribute('aria-hidden', 'true');
  text.textContent = labels.themeLabel ?? 'Theme';
  label.append(text);
  const select = document.createElement('select');
  select.id = 'theme-choice';
  select.setAttribute('aria-label', labels.themeLabel ?? 'Theme');
  for (const theme of THEMES) {
    const option = document.createElement('option');
    option.value = theme;
    option.textContent = labels[`theme${theme[0].toUpperCase()}${theme.slice(1)}`] ?? theme;
    select.append(option);
  }
  select.value = savedTheme();
  select.addEventListener('change', () => applyTheme(select.value as Theme));
  label.append(select);
  header.append(label);
}

function addCopyButtons(labels: DOMStringMap): void {
  for (const pre of document.querySelectorAll<HTMLPreElement>('.record-body pre')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = labels.copy ?? 'Copy';
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(pre.innerText.replace(/\n$/, ''));
        button.textContent = labels.copied ?? 'Copied';
      } catch {
        button.textContent = labels.copyFailed ?? 'Copy failed';
      }
      setTimeout(() => (button.textContent = labels.copy ?? 'Copy'), 2000);
    });
    const holder = document.createElement('div');
    holder.className = 'copy-holder';
    pre.before(holder);
    holder.append(pre, button);
  }
}

export function enhancePage(): void {
  const labels = document.body.dataset;
  const header = document.querySelector('.site-header');
  if (header) addThemeControl(labels, header);
  addCopyButtons(labels);
}
