/**
 * Progressive enhancement of a record page: a copy button on every code block, a
 * light/dark/system theme control, the header's search field (in place of its link to the search
 * page) and the current section's mark in "On this page". All are built here, so without
 * JavaScript they are absent and the page is complete. Labels come from data attributes on <body>
 * (the page's language).
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
  // Before the header's search, which keeps its place at the end of the line.
  header.insertBefore(label, header.querySelector('.header-search'));
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

/** The header's link to the search page becomes a search field; its results load on the first keystroke. */
function addHeaderSearch(labels: DOMStringMap): void {
  const link = document.querySelector<HTMLAnchorElement>('a.header-search');
  if (!link) return;
  const form = document.createElement('form');
  form.className = 'header-search';
  form.setAttribute('role', 'search');
  form.action = link.pathname;
  const input = document.createElement('input');
  input.type = 'search';
  input.name = 'q';
  input.autocomplete = 'off';
  input.placeholder = link.textContent ?? '';
  input.setAttribute('aria-label', labels.searchLabel ?? '');
  input.setAttribute('aria-controls', 'search-panel');
  const panel = document.createElement('section');
  panel.id = 'search-panel';
  panel.className = 'search-panel';
  panel.hidden = true;
  panel.setAttribute('aria-label', labels.searchResults ?? '');
  panel.setAttribute('aria-live', 'polite');
  form.append(input);
  link.replaceWith(form);
  form.after(panel);
  input.addEventListener('input', () => {
    void import('./headerSearch.ts').then((search) => search.showResults(panel, input.value, form.action));
  });
  const close = () => (panel.hidden = true);
  form.addEventListener('keydown', (event) => event.key === 'Escape' && close());
  panel.addEventListener('keydown', (event) => event.key === 'Escape' && (close(), input.focus()));
  document.addEventListener('click', (event) => {
    if (!form.contains(event.target as Node) && !panel.contains(event.target as Node)) close();
  });
}

/** How far below the top of the window a section's heading may be while that section counts as being read (px). */
const SECTION_BAND = 100;

/** Marks the entry of "On this page" whose section is being read (aria-current="location"). */
function markCurrentSection(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')];
  const sections = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))));
  let marked: HTMLAnchorElement | undefined;
  let pending = false;
  const update = () => {
    pending = false;
    // The last section whose heading has reached the top of the window (a short band below it counts).
    let current: HTMLAnchorElement | undefined;
    sections.forEach((heading, at) => {
      if (heading && heading.getBoundingClientRect().top <= SECTION_BAND) current = links[at];
    });
    if (current === marked) return;
    marked?.removeAttribute('aria-current');
    current?.setAttribute('aria-current', 'location');
    marked = current;
  };
  if (links.length === 0) return;
  addEventListener('scroll', () => pending || ((pending = true), requestAnimationFrame(update)), { passive: true });
  update();
}

export function enhancePage(): void {
  const labels = document.body.dataset;
  const header = document.querySelector('.site-header');
  if (header) addThemeControl(labels, header);
  addCopyButtons(labels);
  addHeaderSearch(labels);
  markCurrentSection();
}
